// CVTerm: see include/CVTerm.h. libvterm is included here and in input.c only (the shim's state,
// struct CVTerm, is in shim.h).
//
// Versions: libvterm 0.1.x (Debian 12 ships 0.1.4) passes string properties to settermprop as a
// NUL-terminated `char *string` and OSCs to the parser fallbacks as `(const char *command, size_t
// cmdlen)`; 0.2 and later pass a `VTermStringFragment` (str, len, initial, final) in both places,
// one string possibly in several fragments. This shim reads neither: 0.1.4 loses a title whose OSC is
// split between two writes and cuts one buffered across writes at 64 bytes, so BidiTermTerminal
// reads titles and OSC 52 from the bytes itself. Everything used here has the same signature in
// 0.1.4, 0.2 and 0.3 (compiled against all three headers with -Wall -Wextra -Werror). Should a
// string property be needed, guard it with
// `#if VTERM_VERSION_MAJOR > 0 || VTERM_VERSION_MINOR >= 2` (fragments) / `#else` (char *string).
// The state layer's resize callback differs (0.1: a cursor delta; 0.3: VTermStateFields, with the
// line information to reallocate): the shim sets none, so libvterm resizes its own state in both,
// and CVTerm_resize resizes the shim's screen around vterm_set_size.
#include "CVTerm.h"
#include "shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

static int clamp_size(int32_t v) {
    if (v < 1) return 1;
    if (v > CVTERM_MAX_SIZE) return CVTERM_MAX_SIZE;
    return (int)v;
}

// libvterm 0.1.4 writes through a null pointer when a wide character is put on a screen one column
// wide (found by the emulator's fuzz test: resize to 1 column, then feed U+4E2D), so a screen has at
// least two columns.
static int clamp_columns(int32_t v) {
    if (v < CVTERM_MIN_COLUMNS) return CVTERM_MIN_COLUMNS;
    if (v > CVTERM_MAX_SIZE) return CVTERM_MAX_SIZE;
    return (int)v;
}

// Row `row` changed in columns lo...hi (kept as the union of the changes since the last take).
static inline void mark_span(CVTerm *t, int row, int lo, int hi) {
    if (lo < 0) lo = 0;
    if (hi > t->cols - 1) hi = t->cols - 1;
    if (!t->damage[row]) {
        t->damage[row] = 1;
        t->damage_lo[row] = (int16_t)lo;
        t->damage_hi[row] = (int16_t)hi;
        return;
    }
    if (lo < t->damage_lo[row]) t->damage_lo[row] = (int16_t)lo;
    if (hi > t->damage_hi[row]) t->damage_hi[row] = (int16_t)hi;
}

static void mark_rows(CVTerm *t, int start, int end) {  // [start, end), every column
    if (start < 0) start = 0;
    if (end > t->rows) end = t->rows;
    for (int r = start; r < end; r++) mark_span(t, r, 0, t->cols - 1);
}

static void mark_all(CVTerm *t) { mark_rows(t, 0, t->rows); }

static void convert_color(const VTermColor *c, int is_fg, uint8_t *kind, uint8_t *index, uint8_t *r, uint8_t *g, uint8_t *b) {
    *index = 0; *r = 0; *g = 0; *b = 0;
    if ((is_fg && VTERM_COLOR_IS_DEFAULT_FG(c)) || (!is_fg && VTERM_COLOR_IS_DEFAULT_BG(c))) {
        *kind = CVTERM_COLOR_DEFAULT;
    } else if (VTERM_COLOR_IS_INDEXED(c)) {
        *kind = CVTERM_COLOR_INDEXED;
        *index = c->indexed.idx;
    } else {
        *kind = CVTERM_COLOR_RGB;
        *r = c->rgb.red; *g = c->rgb.green; *b = c->rgb.blue;
    }
}

static void set_color(const VTermColor *c, int is_fg, CVTerm_Cell *cell) {
    if (is_fg) convert_color(c, 1, &cell->fg_kind, &cell->fg_index, &cell->fg_r, &cell->fg_g, &cell->fg_b);
    else convert_color(c, 0, &cell->bg_kind, &cell->bg_index, &cell->bg_r, &cell->bg_g, &cell->bg_b);
}

static inline CVTerm_Cell *cell_at(CVTerm *t, int row, int col) {
    if (row < 0 || row >= t->rows || col < 0 || col >= t->cols) return NULL;
    return t->rowp[t->alt][row] + col;
}

// An erased cell in the pen's colours and attributes (libvterm: chars[0] = 0, pen = the pen).
static inline void erase_cell(CVTerm *t, CVTerm_Cell *c) {
    *c = t->pen;
}

// A whole row erased: the first cell from the pen, the rest copied in doubling blocks.
static void erase_row(CVTerm *t, CVTerm_Cell *row) {
    int cols = t->cols, done = 1;
    row[0] = t->pen;
    while (done < cols) {
        int n = done < cols - done ? done : cols - done;
        memcpy(row + done, row, (size_t)n * sizeof *row);
        done += n;
    }
}

// A scrolled-off line, without its trailing erased cells.
static void push_row(CVTerm *t, int row) {
    if (!t->push_line) return;
    const CVTerm_Cell *in = t->rowp[0][row];
    int used = cvterm_used_cells(t, in, t->cols);
    cvterm_read_cells(t, in, used, t->line);
    t->push_line(t->user, t->cols, used, t->line);
}

// ---- state callbacks ----------------------------------------------------------------------------

static int on_putglyph(VTermGlyphInfo *info, VTermPos pos, void *user) {
    CVTerm *t = user;
    // libvterm's REP (`CSI n b`) puts its last glyph and adds the glyph's width to the cursor until
    // the cursor is n columns on; with a width of 0 or less (a zero-width character, a mark that did
    // not join its base, a C1 control sent as UTF-8) it never gets there (0.1.4 and 0.3 alike).
    // ControlScanner cancels such a REP before libvterm sees it; should one still come (a stream
    // the scanner reads otherwise than libvterm), it is stopped here. REP and a combining mark put
    // the same characters (libvterm's own copy) again and again; every glyph written as text takes
    // at least one byte of the input, so more such glyphs in a row than the input has bytes can
    // only be that loop.
    if (info->width <= 0 && t->feeding) {
        if (info->chars == t->flat_chars && pos.row == t->flat_row) {
            if (++t->flat_count > t->flat_budget) longjmp(t->runaway, 1);
        } else {
            t->flat_chars = info->chars;
            t->flat_row = pos.row;
            t->flat_count = 1;
        }
    } else {
        t->flat_chars = NULL;
    }
    CVTerm_Cell *cell = cell_at(t, pos.row, pos.col);
    if (!cell) return 0;
    int n = 0;
    while (n < CVTERM_MAX_CHARS && n < VTERM_MAX_CHARS_PER_CELL && info->chars[n]) n++;
    // The pen goes with the characters (libvterm sets it only when there is a character).
    if (n > 0) *cell = t->pen;
    memset(cell->chars, 0, sizeof cell->chars);
    memcpy(cell->chars, info->chars, (size_t)n * sizeof cell->chars[0]);
    for (int col = 1; col < info->width; col++) {
        CVTerm_Cell *right = cell_at(t, pos.row, pos.col + col);
        if (right) right->chars[0] = CONTINUATION;
    }
    if (info->protected_cell) cell->attrs |= ATTR_PROTECTED;
    else cell->attrs &= ~ATTR_PROTECTED;
    mark_span(t, pos.row, pos.col, pos.col + (info->width > 1 ? info->width : 1) - 1);
    // R32: a glyph at the left edge right after one that filled the row above continues it.
    if (!t->alt && info->width > 0) {
        if (pos.col == 0) t->cont[pos.row] = pos.row > 0 && t->last_glyph_filled && t->last_glyph_row == pos.row - 1;
        t->last_glyph_row = pos.row;
        t->last_glyph_filled = pos.col + info->width >= t->cols;
    }
    return 1;
}

static int on_movecursor(VTermPos pos, VTermPos oldpos, int visible, void *user) {
    (void)oldpos; (void)visible;
    CVTerm *t = user;
    t->props.cursor_row = pos.row;
    t->props.cursor_col = pos.col;
    // R32: a move away from a filled row's end (CR, a cursor position) is no wrap; libvterm
    // reports the cursor where a run of text left it (at the row's end) between two writes.
    if (t->last_glyph_filled && !(pos.row == t->last_glyph_row && pos.col >= t->cols - 2)) t->last_glyph_filled = 0;
    return 1;
}

static int on_erase(VTermRect rect, int selective, void *user) {
    CVTerm *t = user;
    for (int row = rect.start_row; row < rect.end_row && row < t->rows; row++) {
        if (row < 0) continue;
        for (int col = rect.start_col; col < rect.end_col && col < t->cols; col++) {
            if (col < 0) continue;
            CVTerm_Cell *c = cell_at(t, row, col);
            if (selective && (c->attrs & ATTR_PROTECTED)) continue;
            erase_cell(t, c);
        }
    }
    if (!t->alt && rect.start_col <= 0 && rect.end_col >= t->cols) {
        for (int row = rect.start_row; row < rect.end_row && row < t->rows; row++)
            if (row >= 0) t->cont[row] = 0;
    }
    mark_rows(t, rect.start_row, rect.end_row);
    return 1;
}

// libvterm's screen's moverect: lines moved off the top of the primary screen, from its left
// edge and the whole width, go to the scrollback first.
static int on_moverect(VTermRect dest, VTermRect src, void *user) {
    CVTerm *t = user;
    if (dest.start_row == 0 && dest.start_col == 0 && dest.end_col == t->cols && !t->alt) {
        for (int row = 0; row < src.start_row && row < t->rows; row++) push_row(t, row);
    }
    int cols = src.end_col - src.start_col;
    int downward = src.start_row - dest.start_row;
    int init_row, test_row, inc_row;
    if (downward < 0) {
        init_row = dest.end_row - 1; test_row = dest.start_row - 1; inc_row = -1;
    } else {
        init_row = dest.start_row; test_row = dest.end_row; inc_row = +1;
    }
    for (int row = init_row; row != test_row; row += inc_row) {
        CVTerm_Cell *to = cell_at(t, row, dest.start_col);
        CVTerm_Cell *from = cell_at(t, row + downward, src.start_col);
        if (!to || !from || cols <= 0 || dest.start_col + cols > t->cols || src.start_col + cols > t->cols) continue;
        memmove(to, from, (size_t)cols * sizeof(CVTerm_Cell));
    }
    if (!t->alt && dest.start_col == 0 && dest.end_col == t->cols && downward != 0) {
        for (int row = init_row; row != test_row; row += inc_row)  // R32: continuations move too
            if (row >= 0 && row < t->rows) t->cont[row] = row + downward >= 0 && row + downward < t->rows ? t->cont[row + downward] : 0;
        t->last_glyph_row -= downward;
    }
    mark_rows(t, dest.start_row, dest.end_row);
    return 1;
}

// Whole rows scrolled up or down inside [start_row, end_row): the rows' pointers turn round, the
// rows that come in are erased. Anything else (part of the width, sideways, more than the region)
// is left to libvterm, which moves and erases through on_moverect and on_erase.
static int on_scrollrect(VTermRect rect, int downward, int rightward, void *user) {
    CVTerm *t = user;
    int height = rect.end_row - rect.start_row;
    if (rightward != 0 || rect.start_col != 0 || rect.end_col != t->cols || downward == 0) return 0;
    if (rect.start_row < 0 || rect.end_row > t->rows || height <= 0) return 0;
    int by = downward > 0 ? downward : -downward;
    if (by >= height) return 0;  // libvterm erases the lot (no line goes to the scrollback)
    CVTerm_Cell **rows = t->rowp[t->alt];
    CVTerm_Cell **base = rows + rect.start_row;
    if (downward > 0) {
        if (rect.start_row == 0 && !t->alt) {
            for (int row = 0; row < by; row++) push_row(t, row);
        }
        memcpy(t->spare, base, (size_t)by * sizeof *base);
        memmove(base, base + by, (size_t)(height - by) * sizeof *base);
        memcpy(base + height - by, t->spare, (size_t)by * sizeof *base);
        for (int row = rect.end_row - by; row < rect.end_row; row++) erase_row(t, rows[row]);
        if (!t->alt) {  // R32: the continuations turn round with the rows
            memmove(t->cont + rect.start_row, t->cont + rect.start_row + by, (size_t)(height - by));
            memset(t->cont + rect.end_row - by, 0, (size_t)by);
            t->cont[rect.start_row] = 0;
            t->last_glyph_row -= by;
        }
    } else {
        memcpy(t->spare, base + height - by, (size_t)by * sizeof *base);
        memmove(base + by, base, (size_t)(height - by) * sizeof *base);
        memcpy(base, t->spare, (size_t)by * sizeof *base);
        for (int row = rect.start_row; row < rect.start_row + by; row++) erase_row(t, rows[row]);
        if (!t->alt) {
            memmove(t->cont + rect.start_row + by, t->cont + rect.start_row, (size_t)(height - by));
            memset(t->cont + rect.start_row, 0, (size_t)by);
            t->last_glyph_row += by;
        }
    }
    mark_rows(t, rect.start_row, rect.end_row);
    return 1;
}

static int on_setpenattr(VTermAttr attr, VTermValue *val, void *user) {
    CVTerm *t = user;
    uint32_t bit = 0;
    switch (attr) {
    case VTERM_ATTR_BOLD: bit = CVTERM_ATTR_BOLD; break;
    case VTERM_ATTR_UNDERLINE:
        if (val->number) t->pen.attrs |= CVTERM_ATTR_UNDERLINE; else t->pen.attrs &= ~CVTERM_ATTR_UNDERLINE;
        return 1;
    case VTERM_ATTR_ITALIC: bit = CVTERM_ATTR_ITALIC; break;
    case VTERM_ATTR_BLINK: bit = CVTERM_ATTR_BLINK; break;
    case VTERM_ATTR_REVERSE: bit = CVTERM_ATTR_REVERSE; break;
    case VTERM_ATTR_STRIKE: bit = CVTERM_ATTR_STRIKE; break;
    case VTERM_ATTR_FOREGROUND: set_color(&val->color, 1, &t->pen); return 1;
    case VTERM_ATTR_BACKGROUND: set_color(&val->color, 0, &t->pen); return 1;
    default: return 1;  // font, and what newer versions add: not shown
    }
    if (val->boolean) t->pen.attrs |= bit; else t->pen.attrs &= ~bit;
    return 1;
}

static int on_settermprop(VTermProp prop, VTermValue *val, void *user) {
    CVTerm *t = user;
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE: t->props.cursor_visible = val->boolean ? 1 : 0; break;
    case VTERM_PROP_CURSORBLINK: t->props.cursor_blink = val->boolean ? 1 : 0; break;
    case VTERM_PROP_CURSORSHAPE: t->props.cursor_shape = val->number; break;
    case VTERM_PROP_ALTSCREEN:
        t->alt = val->boolean ? 1 : 0;
        t->props.alt_screen = t->alt;
        mark_all(t);
        break;
    case VTERM_PROP_REVERSE:
        t->global_reverse = val->boolean ? 1 : 0;
        t->props.reverse = t->global_reverse;
        mark_all(t);
        break;
    case VTERM_PROP_MOUSE: t->props.mouse = val->number; break;
    default: break;  // title and icon name (read from the bytes, see above), focus reporting
    }
    return 1;
}

static int on_bell(void *user) {
    ((CVTerm *)user)->props.bells++;
    return 1;
}

// DECDWL/DECDHL: libvterm's screen erases the right half of a line made double-width.
static int on_setlineinfo(int row, const VTermLineInfo *newinfo, const VTermLineInfo *oldinfo, void *user) {
    CVTerm *t = user;
    if (row < 0 || row >= t->rows) return 1;
    if (newinfo->doublewidth != oldinfo->doublewidth || newinfo->doubleheight != oldinfo->doubleheight) {
        if (newinfo->doublewidth) {
            for (int col = t->cols / 2; col < t->cols; col++) erase_cell(t, &t->rowp[t->alt][row][col]);
        }
        mark_span(t, row, 0, t->cols - 1);
    }
    return 1;
}

// No resize callback: libvterm's state then resizes its own line information (0.1.4 and 0.3
// alike), and CVTerm_resize resizes the screen.
static const VTermStateCallbacks state_callbacks = {
    .putglyph = on_putglyph,
    .movecursor = on_movecursor,
    .scrollrect = on_scrollrect,
    .moverect = on_moverect,
    .erase = on_erase,
    .setpenattr = on_setpenattr,
    .settermprop = on_settermprop,
    .bell = on_bell,
    .setlineinfo = on_setlineinfo,
};

static void on_output(const char *s, size_t len, void *user) {
    CVTerm *t = user;
    if (t->output) t->output(t->user, s, len);
}

// ---- public -------------------------------------------------------------------------------------

// A screen of `rows` x `cols` erased cells for `t`'s screen `which`, copying what fits of
// `old_rows` x `old_cols` from the old one (libvterm's screen keeps the top left); false when out of
// memory (the old screen is then kept).
static int alloc_screen(CVTerm *t, int which, int rows, int cols, int old_rows, int old_cols) {
    CVTerm_Cell *block = malloc((size_t)rows * (size_t)cols * sizeof(CVTerm_Cell));
    CVTerm_Cell **rowp = malloc((size_t)rows * sizeof(CVTerm_Cell *));
    if (!block || !rowp) {
        free(block); free(rowp);
        return 0;
    }
    for (int row = 0; row < rows; row++) {
        rowp[row] = block + (size_t)row * (size_t)cols;
        for (int col = 0; col < cols; col++) {
            if (t->rowp[which] && row < old_rows && col < old_cols) rowp[row][col] = t->rowp[which][row][col];
            else erase_cell(t, &rowp[row][col]);
        }
    }
    free(t->blocks[which]);
    free(t->rowp[which]);
    t->blocks[which] = block;
    t->rowp[which] = rowp;
    return 1;
}

CVTerm *CVTerm_new(int32_t rows, int32_t columns, CVTerm_PushLineFn push_line, CVTerm_OutputFn output, void *user) {
    CVTerm *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->rows = clamp_size(rows);
    t->cols = clamp_columns(columns);
    t->damage = calloc(CVTERM_MAX_SIZE, 1);
    t->damage_lo = calloc(CVTERM_MAX_SIZE, sizeof *t->damage_lo);
    t->damage_hi = calloc(CVTERM_MAX_SIZE, sizeof *t->damage_hi);
    t->line = calloc(CVTERM_MAX_SIZE, sizeof *t->line);
    t->spare = calloc(CVTERM_MAX_SIZE, sizeof *t->spare);
    t->cont = calloc(CVTERM_MAX_SIZE, 1);
    t->last_glyph_row = -1;
    t->pen.width = 1;
    t->vt = vterm_new(t->rows, t->cols);
    if (!t->damage || !t->damage_lo || !t->damage_hi || !t->line || !t->spare || !t->cont || !t->vt
        || !alloc_screen(t, 0, t->rows, t->cols, 0, 0) || !alloc_screen(t, 1, t->rows, t->cols, 0, 0)) {
        CVTerm_free(t);
        return NULL;
    }
    t->push_line = push_line;
    t->output = output;
    t->user = user;
    t->props.cursor_visible = 1;
    t->props.cursor_blink = 1;
    t->props.cursor_shape = CVTERM_CURSOR_BLOCK;
    vterm_set_utf8(t->vt, 1);
    vterm_output_set_callback(t->vt, on_output, t);
    t->state = vterm_obtain_state(t->vt);
    vterm_state_set_callbacks(t->state, &state_callbacks, t);
    vterm_state_reset(t->state, 1);
    mark_all(t);
    return t;
}

void CVTerm_free(CVTerm *t) {
    if (!t) return;
    if (t->vt) vterm_free(t->vt);
    for (int i = 0; i < 2; i++) {
        free(t->blocks[i]);
        free(t->rowp[i]);
    }
    free(t->damage);
    free(t->damage_lo);
    free(t->damage_hi);
    free(t->line);
    free(t->spare);
    free(t->cont);
    free(t);
}

static void keep_cursor_inside(CVTerm *t, int cancel);

size_t CVTerm_feed(CVTerm *t, const char *bytes, size_t length) {
    if (!length) return 0;
    t->flat_chars = NULL;
    t->flat_count = 0;
    t->flat_budget = length + 1;
    t->feeding = 1;
    // Only C frames (libvterm's parser and state, on_putglyph) lie between here and the longjmp in
    // on_putglyph, and none of them holds memory or a lock across a glyph.
    if (setjmp(t->runaway) != 0) {
        // libvterm was stopped inside a REP that would never end; what followed it in this input
        // is lost. CAN leaves the CSI libvterm was dispatching; the cursor it moved is read back.
        t->feeding = 0;
        t->runaway_stops++;
        vterm_input_write(t->vt, "\x18", 1);
        keep_cursor_inside(t, 0);
        VTermPos pos;
        vterm_state_get_cursorpos(t->state, &pos);
        t->props.cursor_row = pos.row;
        t->props.cursor_col = pos.col;
        return length;
    }
    vterm_input_write(t->vt, bytes, length);
    t->feeding = 0;
    return length;
}

uint64_t CVTerm_runaway_stops(const CVTerm *t) {
    return t->runaway_stops;
}

// Moves the cursor back inside the screen with CUP if libvterm left it outside (with origin mode on,
// CUP is relative to the scroll region: still inside). `cancel` sends CAN first.
static void keep_cursor_inside(CVTerm *t, int cancel) {
    VTermPos pos;
    vterm_state_get_cursorpos(t->state, &pos);
    if (pos.row >= 0 && pos.row < t->rows && pos.col >= 0 && pos.col < t->cols) return;
    int row = pos.row < 0 ? 0 : pos.row >= t->rows ? t->rows - 1 : pos.row;
    int col = pos.col < 0 ? 0 : pos.col >= t->cols ? t->cols - 1 : pos.col;
    char cup[32];
    int n = snprintf(cup, sizeof cup, "%s\x1b[%d;%dH", cancel ? "\x18" : "", row + 1, col + 1);
    if (n > 0 && (size_t)n < sizeof cup) vterm_input_write(t->vt, cup, (size_t)n);
}

void CVTerm_keep_cursor_inside(CVTerm *t) {
    keep_cursor_inside(t, 0);
}

// Whether row `row` of the primary screen is blank (every cell erased), as libvterm's
// vterm_screen_is_eol from column 0.
static int row_is_blank(CVTerm *t, int row) {
    for (int col = 0; col < t->cols; col++)
        if (t->rowp[0][row][col].chars[0] != 0) return 0;
    return 1;
}

void CVTerm_resize(CVTerm *t, int32_t rows, int32_t columns) {
    int new_rows = clamp_size(rows), new_cols = clamp_columns(columns);
    int old_rows = t->rows, old_cols = t->cols;
    VTermPos pos;
    vterm_state_get_cursorpos(t->state, &pos);
    int delta = 0, reflowed = 0, reflow_row = 0, reflow_col = 0;
    // R32: lines re-wrapped at a new width, as tmux does (the alternate screen is the program's).
    if (new_cols != old_cols && !t->alt) reflowed = cvterm_reflow(t, new_rows, new_cols, &reflow_row, &reflow_col);
    if (reflowed) {
        if (!alloc_screen(t, 1, new_rows, new_cols, old_rows, old_cols)) { mark_all(t); return; }
    } else if (!t->alt && new_rows < old_rows) {
        // As libvterm's screen does: the text below the cursor down to the last row that is not
        // blank must stay, so the rows above scroll up (into the scrollback) and the cursor with
        // them.
        int row;
        for (row = old_rows - 1; row >= new_rows; row--)
            if (!row_is_blank(t, row) || pos.row == row) break;
        int first_blank = row + 1;
        if (first_blank > new_rows) {
            VTermRect all = { .start_row = 0, .end_row = old_rows, .start_col = 0, .end_col = old_cols };
            on_scrollrect(all, first_blank - new_rows, 0, t);
            delta = -(first_blank - new_rows);
        }
    }
    if (!reflowed && (!alloc_screen(t, 0, new_rows, new_cols, old_rows, old_cols) || !alloc_screen(t, 1, new_rows, new_cols, old_rows, old_cols))) {
        // Out of memory: the screen keeps its size; libvterm is not told either.
        mark_all(t);
        return;
    }
    if (!reflowed && new_rows > old_rows) memset(t->cont + old_rows, 0, (size_t)(new_rows - old_rows));
    t->rows = new_rows;
    t->cols = new_cols;
    vterm_set_size(t->vt, t->rows, t->cols);
    if (reflowed) {
        char cup[32];
        int n = snprintf(cup, sizeof cup, "\x18\x1b[%d;%dH", reflow_row + 1, reflow_col + 1);
        if (n > 0 && (size_t)n < sizeof cup) vterm_input_write(t->vt, cup, (size_t)n);
    } else if (delta != 0) {
        VTermPos now;
        vterm_state_get_cursorpos(t->state, &now);
        int row = pos.row + delta;
        if (row < 0) row = 0;
        if (row >= t->rows) row = t->rows - 1;
        char cup[32];
        int n = snprintf(cup, sizeof cup, "\x18\x1b[%d;%dH", row + 1, now.col + 1);
        if (n > 0 && (size_t)n < sizeof cup) vterm_input_write(t->vt, cup, (size_t)n);
    }
    // libvterm bounds the scroll region's bottom by the new height but not its top (0.1.4 and
    // 0.3.3): a region that reached below the new last row is left with its top under its bottom,
    // and the next scroll moves libvterm's line information by a negative size, over the heap
    // (found by VTermEmulatorFuzzTests, seed 187). As xterm and tmux do on a resize, the region
    // becomes the whole screen again (DECSTBM, which homes the cursor: CUP puts it back). CAN
    // first abandons a sequence libvterm may be in the middle of.
    VTermPos at;
    vterm_state_get_cursorpos(t->state, &at);
    int at_row = at.row < 0 ? 0 : at.row >= t->rows ? t->rows - 1 : at.row;
    int at_col = at.col < 0 ? 0 : at.col >= t->cols ? t->cols - 1 : at.col;
    char reset[48];
    int m = snprintf(reset, sizeof reset, "\x18\x1b[r\x1b[%d;%dH", at_row + 1, at_col + 1);
    if (m > 0 && (size_t)m < sizeof reset) vterm_input_write(t->vt, reset, (size_t)m);
    keep_cursor_inside(t, 1);
    vterm_state_get_cursorpos(t->state, &pos);
    t->props.cursor_row = pos.row;
    t->props.cursor_col = pos.col;
    mark_all(t);
}

void CVTerm_get_size(CVTerm *t, int32_t *rows, int32_t *columns) {
    *rows = t->rows;
    *columns = t->cols;
}

void CVTerm_get_props(CVTerm *t, CVTerm_Props *props) {
    VTermPos pos;
    vterm_state_get_cursorpos(t->state, &pos);
    t->props.cursor_row = pos.row;
    t->props.cursor_col = pos.col;
    *props = t->props;
}

int32_t CVTerm_introducers_after_intermediates(void) {
#if VTERM_VERSION_MAJOR == 0 && VTERM_VERSION_MINOR < 2
    return 1;  // 0.1.x: ESC, intermediates, then `[` `]` `P` (src/parser.c, the ESC state)
#else
    return 0;  // 0.2 and later: the escape's final byte
#endif
}
