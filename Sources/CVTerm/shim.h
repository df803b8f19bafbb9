// The shim's own state, shared by its .c files (not part of the module's interface). libvterm's
// types are named by their struct tags here; its header is included by the .c files only.
#ifndef CVTERM_SHIM_H
#define CVTERM_SHIM_H

#include "CVTerm.h"

#include <setjmp.h>

// The screen is the shim's own, kept on libvterm's state layer (the parser and the terminal's
// state: modes, cursor, scroll region, pen), with what libvterm's screen layer does (0.1.4's
// screen.c, cell for cell) but rows kept by pointer: a line feed at the bottom of the screen turns
// the rows round instead of moving the whole screen's cells (libvterm's screen moves
// rows x columns cells per line, most of the emulator's time in a flood), and a cell is stored in
// the form the shim hands out, so a scrolled-off line goes to `push_line` without a conversion
// per cell.
struct CVTerm {
    struct VTerm *vt;
    struct VTermState *state;
    int rows, cols;
    unsigned char *damage;  // one flag per row, `rows` long
    int16_t *damage_lo, *damage_hi;  // per damaged row, the columns changed (first, last)
    CVTerm_PushLineFn push_line;
    CVTerm_OutputFn output;
    void *user;
    CVTerm_Cell *line;  // scratch for push_line, `cols` long
    CVTerm_Props props;
    // The primary screen [0] and the alternate one [1]: `rows` pointers each to a row of `cols`
    // cells, in one block per screen (`blocks`), in screen order.
    CVTerm_Cell **rowp[2];
    CVTerm_Cell *blocks[2];
    int alt;                // which screen is shown
    int global_reverse;     // DECSCNM
    CVTerm_Cell pen;        // the pen as an erased cell: no characters, width 1, attributes, colours
    CVTerm_Cell **spare;    // scratch for turning rows round, CVTERM_MAX_SIZE long
    // A REP that libvterm repeats for ever (see on_putglyph): where CVTerm_feed resumes, and the
    // glyphs of width 0 or less put one after the other on one row with the same characters.
    jmp_buf runaway;
    int feeding;
    const uint32_t *flat_chars;
    int flat_row;
    size_t flat_count, flat_budget;
    uint64_t runaway_stops;
    // R32: the primary screen's rows that continue the row above them (a line the program wrote
    // past the right edge, wrapped by the terminal), `rows` long, turned round with the rows; and
    // where the last glyph ended (its row, and whether it filled the row), to tell a wrap.
    unsigned char *cont;
    int last_glyph_row;
    int last_glyph_filled;
};

// A cell's characters: the right half of a wide character (what libvterm's screen stores there).
#define CONTINUATION ((uint32_t)-1)

// An attribute bit kept inside the shim only: the cell is protected against selective erase
// (DECSCA). Never handed out.
#define ATTR_PROTECTED (1u << 31)

// cells.c: the first `count` cells of stored row `in` as handed out, into `out`; and how many of
// them come before the row's trailing erased cells in the default colours.
void cvterm_read_cells(const CVTerm *t, const CVTerm_Cell *in, int count, CVTerm_Cell *out);
int cvterm_used_cells(const CVTerm *t, const CVTerm_Cell *in, int count);

// reflow.c: the primary screen re-wrapped at `new_cols` columns and `new_rows` rows (lines that
// no longer fit above go to push_line); returns 0 when out of memory (nothing changed), and sets
// the cursor's new place.
int cvterm_reflow(CVTerm *t, int new_rows, int new_cols, int *cursor_row, int *cursor_col);

#endif
