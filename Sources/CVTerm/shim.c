// CVTerm: see include/CVTerm.h. libvterm is included here only.
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
#include "CVTerm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

struct CVTerm {
    VTerm *vt;
    VTermScreen *screen;
    VTermState *state;
    int rows, cols;
    unsigned char *damage;  // one flag per row, `rows` long
    CVTerm_PushLineFn push_line;
    CVTerm_OutputFn output;
    void *user;
    CVTerm_Cell *line;  // scratch for push_line, `cols` long
    CVTerm_Props props;
};

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

static void mark_all(CVTerm *t) { memset(t->damage, 1, (size_t)t->rows); }

static void mark_rows(CVTerm *t, int start, int end) {  // [start, end)
    if (start < 0) start = 0;
    if (end > t->rows) end = t->rows;
    for (int r = start; r < end; r++) t->damage[r] = 1;
}

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

static void convert_cell(const VTermScreenCell *in, CVTerm_Cell *out) {
    memset(out, 0, sizeof *out);
    if (in->chars[0] == (uint32_t)-1) {  // the right half of a wide character
        out->width = 0;
    } else {
        for (int i = 0; i < CVTERM_MAX_CHARS && i < VTERM_MAX_CHARS_PER_CELL; i++) {
            out->chars[i] = in->chars[i];
            if (!in->chars[i]) break;
        }
        out->width = in->width == 2 ? 2 : 1;
    }
    uint32_t a = 0;
    if (in->attrs.bold) a |= CVTERM_ATTR_BOLD;
    if (in->attrs.underline) a |= CVTERM_ATTR_UNDERLINE;
    if (in->attrs.italic) a |= CVTERM_ATTR_ITALIC;
    if (in->attrs.blink) a |= CVTERM_ATTR_BLINK;
    if (in->attrs.reverse) a |= CVTERM_ATTR_REVERSE;
    if (in->attrs.strike) a |= CVTERM_ATTR_STRIKE;
    out->attrs = a;
    convert_color(&in->fg, 1, &out->fg_kind, &out->fg_index, &out->fg_r, &out->fg_g, &out->fg_b);
    convert_color(&in->bg, 0, &out->bg_kind, &out->bg_index, &out->bg_r, &out->bg_g, &out->bg_b);
}

// ---- screen callbacks ---------------------------------------------------------------------------

static int on_damage(VTermRect rect, void *user) {
    mark_rows((CVTerm *)user, rect.start_row, rect.end_row);
    return 1;
}

static int on_movecursor(VTermPos pos, VTermPos oldpos, int visible, void *user) {
    (void)oldpos; (void)visible;
    CVTerm *t = user;
    t->props.cursor_row = pos.row;
    t->props.cursor_col = pos.col;
    return 1;
}

static int on_settermprop(VTermProp prop, VTermValue *val, void *user) {
    CVTerm *t = user;
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE: t->props.cursor_visible = val->boolean ? 1 : 0; break;
    case VTERM_PROP_CURSORBLINK: t->props.cursor_blink = val->boolean ? 1 : 0; break;
    case VTERM_PROP_CURSORSHAPE: t->props.cursor_shape = val->number; break;
    case VTERM_PROP_ALTSCREEN:
        t->props.alt_screen = val->boolean ? 1 : 0;
        mark_all(t);
        break;
    case VTERM_PROP_REVERSE:
        t->props.reverse = val->boolean ? 1 : 0;
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

static int on_resize(int rows, int cols, void *user) {
    (void)rows; (void)cols; (void)user;
    return 1;
}

static int on_sb_pushline(int cols, const VTermScreenCell *cells, void *user) {
    CVTerm *t = user;
    if (!t->push_line) return 1;
    if (cols > CVTERM_MAX_SIZE) cols = CVTERM_MAX_SIZE;  // never beyond the scratch line
    for (int i = 0; i < cols; i++) convert_cell(&cells[i], &t->line[i]);
    t->push_line(t->user, cols, t->line);
    return 1;
}

static int on_sb_popline(int cols, VTermScreenCell *cells, void *user) {
    (void)cols; (void)cells; (void)user;
    return 0;  // the user's terminal keeps the scrollback
}

static const VTermScreenCallbacks screen_callbacks = {
    .damage = on_damage,
    .movecursor = on_movecursor,
    .settermprop = on_settermprop,
    .bell = on_bell,
    .resize = on_resize,
    .sb_pushline = on_sb_pushline,
    .sb_popline = on_sb_popline,
};

static void on_output(const char *s, size_t len, void *user) {
    CVTerm *t = user;
    if (t->output) t->output(t->user, s, len);
}

// ---- public -------------------------------------------------------------------------------------

CVTerm *CVTerm_new(int32_t rows, int32_t columns, CVTerm_PushLineFn push_line, CVTerm_OutputFn output, void *user) {
    CVTerm *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->rows = clamp_size(rows);
    t->cols = clamp_columns(columns);
    t->damage = calloc(CVTERM_MAX_SIZE, 1);
    t->line = calloc(CVTERM_MAX_SIZE, sizeof *t->line);
    t->vt = vterm_new(t->rows, t->cols);
    if (!t->damage || !t->line || !t->vt) {
        if (t->vt) vterm_free(t->vt);
        free(t->damage); free(t->line); free(t);
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
    t->screen = vterm_obtain_screen(t->vt);
    t->state = vterm_obtain_state(t->vt);
    vterm_screen_set_callbacks(t->screen, &screen_callbacks, t);
    vterm_screen_enable_altscreen(t->screen, 1);
    vterm_screen_reset(t->screen, 1);
    mark_all(t);
    return t;
}

void CVTerm_free(CVTerm *t) {
    if (!t) return;
    vterm_free(t->vt);
    free(t->damage);
    free(t->line);
    free(t);
}

size_t CVTerm_feed(CVTerm *t, const char *bytes, size_t length) {
    if (!length) return 0;
    size_t n = vterm_input_write(t->vt, bytes, length);
    vterm_screen_flush_damage(t->screen);
    return n;
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
    vterm_screen_flush_damage(t->screen);
}

void CVTerm_resize(CVTerm *t, int32_t rows, int32_t columns) {
    t->rows = clamp_size(rows);
    t->cols = clamp_columns(columns);
    vterm_set_size(t->vt, t->rows, t->cols);
    // libvterm 0.1.4: fewer rows scroll the text below the cursor up by as many rows as it needs,
    // and the cursor with it, above the screen when it was near the top (row < 0); the next erase
    // (CSI K, CSI J) then writes outside the screen's buffer (found by the fuzz test: text on 3 rows,
    // CSI H, resize to 1 row, CSI K). CAN first abandons a sequence libvterm may be in the middle
    // of. 0.3 keeps the cursor inside.
    keep_cursor_inside(t, 1);
    VTermPos pos;
    vterm_state_get_cursorpos(t->state, &pos);
    vterm_screen_flush_damage(t->screen);
    t->props.cursor_row = pos.row;
    t->props.cursor_col = pos.col;
    mark_all(t);
}

void CVTerm_get_size(CVTerm *t, int32_t *rows, int32_t *columns) {
    *rows = t->rows;
    *columns = t->cols;
}

int32_t CVTerm_get_cell(CVTerm *t, int32_t row, int32_t col, CVTerm_Cell *cell) {
    if (row < 0 || col < 0 || row >= t->rows || col >= t->cols) {
        memset(cell, 0, sizeof *cell);
        cell->width = 1;
        return 0;
    }
    VTermScreenCell c;
    memset(&c, 0, sizeof c);
    VTermPos pos = { .row = row, .col = col };
    if (!vterm_screen_get_cell(t->screen, pos, &c)) {
        memset(cell, 0, sizeof *cell);
        cell->width = 1;
        return 0;
    }
    convert_cell(&c, cell);
    return 1;
}

int32_t CVTerm_get_row(CVTerm *t, int32_t row, CVTerm_Cell *cells, int32_t count) {
    if (count > t->cols) count = t->cols;
    if (count < 0) count = 0;
    for (int32_t col = 0; col < count; col++) CVTerm_get_cell(t, row, col, &cells[col]);
    return count;
}

int32_t CVTerm_take_damage(CVTerm *t, int32_t *rows, int32_t capacity) {
    int32_t n = 0;
    for (int r = 0; r < t->rows && n < capacity; r++) {
        if (t->damage[r]) {
            t->damage[r] = 0;
            rows[n++] = r;
        }
    }
    return n;
}

void CVTerm_get_props(CVTerm *t, CVTerm_Props *props) {
    VTermPos pos;
    vterm_state_get_cursorpos(t->state, &pos);
    t->props.cursor_row = pos.row;
    t->props.cursor_col = pos.col;
    *props = t->props;
}

void CVTerm_unichar(CVTerm *t, uint32_t c, int32_t mods) {
    vterm_keyboard_unichar(t->vt, c, (VTermModifier)(mods & VTERM_ALL_MODS_MASK));
}

void CVTerm_key(CVTerm *t, int32_t key, int32_t mods) {
    VTermKey k;
    switch (key) {
    case CVTERM_KEY_ENTER: k = VTERM_KEY_ENTER; break;
    case CVTERM_KEY_TAB: k = VTERM_KEY_TAB; break;
    case CVTERM_KEY_BACKSPACE: k = VTERM_KEY_BACKSPACE; break;
    case CVTERM_KEY_ESCAPE: k = VTERM_KEY_ESCAPE; break;
    case CVTERM_KEY_UP: k = VTERM_KEY_UP; break;
    case CVTERM_KEY_DOWN: k = VTERM_KEY_DOWN; break;
    case CVTERM_KEY_LEFT: k = VTERM_KEY_LEFT; break;
    case CVTERM_KEY_RIGHT: k = VTERM_KEY_RIGHT; break;
    case CVTERM_KEY_INSERT: k = VTERM_KEY_INS; break;
    case CVTERM_KEY_DELETE: k = VTERM_KEY_DEL; break;
    case CVTERM_KEY_HOME: k = VTERM_KEY_HOME; break;
    case CVTERM_KEY_END: k = VTERM_KEY_END; break;
    case CVTERM_KEY_PAGEUP: k = VTERM_KEY_PAGEUP; break;
    case CVTERM_KEY_PAGEDOWN: k = VTERM_KEY_PAGEDOWN; break;
    default:
        if (key > CVTERM_KEY_FUNCTION_BASE && key <= CVTERM_KEY_FUNCTION_BASE + 24) {
            k = (VTermKey)VTERM_KEY_FUNCTION(key - CVTERM_KEY_FUNCTION_BASE);
            break;
        }
        return;
    }
    vterm_keyboard_key(t->vt, k, (VTermModifier)(mods & VTERM_ALL_MODS_MASK));
}

void CVTerm_start_paste(CVTerm *t) { vterm_keyboard_start_paste(t->vt); }
void CVTerm_end_paste(CVTerm *t) { vterm_keyboard_end_paste(t->vt); }

void CVTerm_mouse_move(CVTerm *t, int32_t row, int32_t col, int32_t mods) {
    if (row < 0) row = 0;
    if (col < 0) col = 0;
    if (row >= t->rows) row = t->rows - 1;
    if (col >= t->cols) col = t->cols - 1;
    vterm_mouse_move(t->vt, row, col, (VTermModifier)(mods & VTERM_ALL_MODS_MASK));
}

void CVTerm_mouse_button(CVTerm *t, int32_t button, int32_t pressed, int32_t mods) {
    if (button < 1 || button > 7) return;
    vterm_mouse_button(t->vt, button, pressed != 0, (VTermModifier)(mods & VTERM_ALL_MODS_MASK));
}
