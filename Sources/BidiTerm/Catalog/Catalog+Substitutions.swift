import Foundation

extension CatalogEntry {
    /// The plural variables of a format with several (a `.stringsdict` entry, an `.xcstrings`
    /// string with substitutions): variable → CLDR category → text, from the
    /// ``variants`` `substitutions.files.one`, …. Empty for other entries.
    public var substitutions: [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for (key, text) in variants where key.hasPrefix("substitutions.") {
            let rest = key.dropFirst("substitutions.".count)
            guard let dot = rest.lastIndex(of: "."),
                  PluralCategory(rawValue: String(rest[rest.index(after: dot)...])) != nil else { continue }
            out[String(rest[..<dot]), default: [:]][String(rest[rest.index(after: dot)...])] = text
        }
        return out
    }

    /// The names of ``substitutions``, in the order the format uses them (then any the format does
    /// not use, alphabetically).
    public var substitutionNames: [String] {
        let all = substitutions
        var names: [String] = []
        for v in FormatVariables(translation ?? "").variables where all[v.variable!] != nil && !names.contains(v.variable!) {
            names.append(v.variable!)
        }
        return names + all.keys.filter { !names.contains($0) }.sorted()
    }
}

extension Catalog {
    /// `template` (an entry's format with plural variables, `%#@files@ in %#@folders@`) with each
    /// variable replaced by the form its count chooses, every directive given its position, ready
    /// for ``TextRef/fill(_:args:formatArgument:isolateText:)``.
    ///
    /// A variable's count is the argument named like the variable (`files: 3`), else the argument
    /// at its position in the format; the form is chosen by the catalog's plural rule (a
    /// `.stringsdict` `zero` form takes 0 in any language), `other` when the count is missing or
    /// its form is empty. The number directives inside a form take that same argument. In an
    /// `.xcstrings` form, `%arg` is the variable's number.
    ///
    ///     // Fragment: `catalog` has a .stringsdict entry `entry` with two plural variables
    ///     // entry.translation == "%#@files@ في %#@folders@"
    ///     let args = [TextArgument("files", .number(3)), TextArgument("folders", .number(1))]
    ///     catalog.expandingSubstitutions(entry.translation!, of: entry, arguments: args)
    ///     // "%1$d ملفات في مجلد واحد"
    public func expandingSubstitutions(_ template: String, of entry: CatalogEntry, arguments: [TextArgument],
                                       selector: PluralSelector? = nil) -> String {
        let variables = entry.substitutions
        guard !variables.isEmpty else { return template }
        let selector = selector ?? pluralSelector()
        let format = FormatVariables(template)
        func argumentIndex(_ d: FormatVariables.Directive) -> Int? {
            if let named = arguments.firstIndex(where: { $0.name == d.variable }) { return named }
            return d.argument >= 1 && d.argument - 1 < arguments.count ? d.argument - 1 : nil
        }
        return format.expand(argument: { d in argumentIndex(d).map { $0 + 1 } ?? d.argument }, form: { d in
            guard let forms = variables[d.variable!] else { return nil }
            var key = "other"
            if let i = argumentIndex(d), case .number(let n) = arguments[i].value {
                key = formKey(for: n, forms: forms, selector: selector)
            }
            var text = forms[key].flatMap { $0.isEmpty ? nil : $0 } ?? forms["other"] ?? ""
            if self.format == .xcstrings { text = text.replacingOccurrences(of: "%arg", with: "%lld") }
            return text
        })
    }
}
