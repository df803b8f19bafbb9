// CVTerm: the screen's cells as handed out (`CVTerm_get_row`, `CVTerm_get_cells`) and its damage
// (`CVTerm_take_damage_spans`); the rest of the shim is in shim.c. No
// libvterm header is needed here.
#include "CVTerm.h"
#include "shim.h"

#include <string.h>

// A stored cell as handed out (`c`, a copy of `in[col]`, fixed in place): a left half whose right
// neighbour is a continuation is 2 wide, a continuation 0 wide with no characters, every other
// cell 1 wide (widths as libvterm's screen gives them, read from the neighbours); the whole screen's
// reverse video (DECSCNM) applied; the shim's own bits cleared.
static inline void fix_cell(const CVTerm *t, const CVTerm_Cell *in, int col, CVTerm_Cell *c) {
    c->attrs &= ~ATTR_PROTECTED;
    if (t->global_reverse) c->attrs ^= CVTERM_ATTR_REVERSE;
    if (c->chars[0] == CONTINUATION) {
        memset(c->chars, 0, sizeof c->chars);
        c->width = 0;
    } else {
        c->width = (col + 1 < t->cols && in[col + 1].chars[0] == CONTINUATION) ? 2 : 1;
    }
}

// The first `count` cells of stored row `in`, as handed out, into `out`: copied at once, then
// each fixed in place (`fix_cell`).
void cvterm_read_cells(const CVTerm *t, const CVTerm_Cell *in, int count, CVTerm_Cell *out) {
    memcpy(out, in, (size_t)count * sizeof *out);
    for (int col = 0; col < count; col++) fix_cell(t, in, col, &out[col]);
}

// Whether a stored cell reads as an erased one in the default colours without attributes.
static inline int is_default_blank(const CVTerm *t, const CVTerm_Cell *c) {
    return c->chars[0] == 0 && (c->attrs & ~ATTR_PROTECTED) == 0 && !t->global_reverse
        && c->fg_kind == CVTERM_COLOR_DEFAULT && c->bg_kind == CVTERM_COLOR_DEFAULT;
}

int32_t CVTerm_pen_is_plain(const CVTerm *t) {
    return is_default_blank(t, &t->pen);
}

// How many of the first `count` cells of stored row `in` come before its trailing erased cells
// in the default colours (most of a line of text): those are not read out one by one.
int cvterm_used_cells(const CVTerm *t, const CVTerm_Cell *in, int count) {
    while (count > 0 && is_default_blank(t, &in[count - 1])) count--;
    return count;
}

int32_t CVTerm_get_row(CVTerm *t, int32_t row, CVTerm_Cell *cells, int32_t count) {
    if (count > t->cols) count = t->cols;
    if (count <= 0 || row < 0 || row >= t->rows) return 0;
    const CVTerm_Cell *in = t->rowp[t->alt][row];
    int used = cvterm_used_cells(t, in, count);
    cvterm_read_cells(t, in, used, cells);
    return used;
}

int32_t CVTerm_get_cells(CVTerm *t, int32_t row, int32_t start, int32_t count, CVTerm_Cell *cells) {
    if (row < 0 || row >= t->rows || start < 0 || start >= t->cols || count <= 0) return 0;
    if (count > t->cols - start) count = t->cols - start;
    const CVTerm_Cell *in = t->rowp[t->alt][row];
    memcpy(cells, in + start, (size_t)count * sizeof *cells);
    for (int i = 0; i < count; i++) fix_cell(t, in, start + i, &cells[i]);
    return count;
}

int32_t CVTerm_take_damage_spans(CVTerm *t, int32_t *rows, int32_t *first, int32_t *last, int32_t capacity) {
    int32_t n = 0;
    for (int r = 0; r < t->rows && n < capacity; r++) {
        if (t->damage[r]) {
            t->damage[r] = 0;
            rows[n] = r;
            first[n] = t->damage_lo[r];
            last[n] = t->damage_hi[r];
            n++;
        }
    }
    return n;
}
