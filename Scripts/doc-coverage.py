#!/usr/bin/env python3
"""Lists the public symbols declared under Sources/ that have no /// comment, from the symbol graphs
that `swift package generate-documentation` extracts (.build/*/extracted-symbols/*/TARGET/*.json).
A symbol that implements a documented protocol requirement inherits its documentation and is not
listed. Exits 1 when any is listed (`make docs`)."""
import json,sys,glob,collections
paths=sys.argv[1:]
undoc=[]
for p in paths:
    g=json.load(open(p))
    origin={}
    for r in g.get('relationships',[]):
        if 'sourceOrigin' in r: origin[r['source']]=r['sourceOrigin']
    for s in g['symbols']:
        if s.get('accessLevel') not in ('public','open'): continue
        loc=s.get('location',{}).get('uri','')
        if 'Sources/' not in loc: continue
        if s.get('docComment'): continue
        if s['identifier']['precise'] in origin: continue
        undoc.append((loc.split('Sources/')[1], s['location']['position']['line']+1, s['kind']['identifier'], '.'.join(s['pathComponents'])))
undoc.sort()
for u in undoc: print(*u)
print(len(undoc), 'undocumented public symbols', file=sys.stderr)
sys.exit(1 if undoc else 0)
