// CVTerm: a thin C shim over libvterm (the terminal emulator library Vim and Neovim use).
//
// This header exposes only CVTerm_-prefixed functions and plain C types: libvterm's own headers are
// included in shim.c only, so Swift never sees a libvterm type. It builds against libvterm 0.1.x
// (Debian 12) and 0.2/0.3: it uses nothing whose signature differs between them (string properties
// and OSC callbacks, see shim.c).
//
// What the shim does itself, so that Swift only polls plain values:
// - damage: a flag per row, set from libvterm's screen damage callback (and for every row after a
//   resize or a switch of screens), with the columns changed (a character written: its cells;
//   anything else: the whole row), read and cleared with CVTerm_take_damage_spans;
// - terminal properties (cursor visibility, blink, shape, alternate screen, reverse video, mouse
//   mode) and bells (titles are not read here: see shim.c);
// - lines scrolled off the top of the primary screen and bytes libvterm writes back (answers,
//   encoded keys) go to the callbacks given to CVTerm_new, synchronously, during the call that
//   caused them.
//
// Failure: CVTerm_new returns NULL when libvterm cannot allocate. Every other function accepts only
// a non-NULL term. Rows are clamped to 1...CVTERM_MAX_SIZE, columns to
// CVTERM_MIN_COLUMNS...CVTERM_MAX_SIZE (libvterm 0.1.4 crashes on a wide character in one column).
#ifndef CVTERM_H
#define CVTERM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CVTERM_MAX_SIZE 1000
#define CVTERM_MIN_COLUMNS 2
#define CVTERM_MAX_CHARS 6

typedef struct CVTerm CVTerm;  // opaque: a VTerm, its screen and the shim's bookkeeping

// Colour kinds of CVTerm_Cell.fg_kind / bg_kind.
#define CVTERM_COLOR_DEFAULT 0
#define CVTERM_COLOR_INDEXED 1  // palette index in *_index (0...255)
#define CVTERM_COLOR_RGB 2      // *_r, *_g, *_b

// Attribute bits of CVTerm_Cell.attrs.
#define CVTERM_ATTR_BOLD 1u
#define CVTERM_ATTR_UNDERLINE 2u
#define CVTERM_ATTR_ITALIC 4u
#define CVTERM_ATTR_BLINK 8u
#define CVTERM_ATTR_REVERSE 16u
#define CVTERM_ATTR_STRIKE 32u

/// One screen cell. `chars` holds the base character and combining characters, 0-terminated when
/// fewer than CVTERM_MAX_CHARS. `width` is 1 or 2 for a cell that starts a character (an empty cell
/// has chars[0] == 0 and width 1) and 0 for the right half of a wide character.
typedef struct {
    uint32_t chars[CVTERM_MAX_CHARS];
    int32_t width;
    uint32_t attrs;
    uint8_t fg_kind, fg_index, fg_r, fg_g, fg_b;
    uint8_t bg_kind, bg_index, bg_r, bg_g, bg_b;
} CVTerm_Cell;

/// A line pushed off the top of the primary screen, `columns` wide: `cells` holds its first `used`
/// cells (valid during the call only); the rest are erased cells in the default colours, without
/// attributes (a space as `CVTerm_get_row` gives it: chars[0] == 0, width 1).
typedef void (*CVTerm_PushLineFn)(void *user, int32_t columns, int32_t used, const CVTerm_Cell *cells);
/// Bytes libvterm writes back to the program (answers to queries, encoded keys, mouse, paste).
typedef void (*CVTerm_OutputFn)(void *user, const char *bytes, size_t length);

// Values of CVTerm_Props.cursor_shape and .mouse.
#define CVTERM_CURSOR_BLOCK 1
#define CVTERM_CURSOR_UNDERLINE 2
#define CVTERM_CURSOR_BAR 3
#define CVTERM_MOUSE_NONE 0
#define CVTERM_MOUSE_CLICK 1
#define CVTERM_MOUSE_DRAG 2
#define CVTERM_MOUSE_MOVE 3

/// The terminal properties libvterm reported, and counters.
typedef struct {
    int32_t cursor_row, cursor_col;
    int32_t cursor_visible, cursor_blink, cursor_shape;
    int32_t alt_screen, reverse, mouse;
    uint64_t bells;
} CVTerm_Props;

/// A new emulator in UTF-8 mode with the alternate screen enabled. Callbacks may be NULL.
CVTerm *CVTerm_new(int32_t rows, int32_t columns, CVTerm_PushLineFn push_line, CVTerm_OutputFn output, void *user);
void CVTerm_free(CVTerm *term);

/// Program output in. Returns the number of bytes consumed (always `length`). A REP (`CSI n b`)
/// that libvterm would repeat for ever (its last glyph 0 or fewer columns wide) is stopped, and the
/// rest of this input is then lost; callers cancel such a REP first (ControlScanner).
size_t CVTerm_feed(CVTerm *term, const char *bytes, size_t length);
/// How many times a feed stopped a REP that libvterm would have repeated for ever.
uint64_t CVTerm_runaway_stops(const CVTerm *term);
/// 1 if this libvterm (0.1.x) reads `[`, `]` and `P` after an escape's intermediate byte
/// (`ESC ( [`) as starting a CSI, an OSC or a DCS; 0 if it reads them as the escape's final byte
/// (0.2 and later).
int32_t CVTerm_introducers_after_intermediates(void);
/// Moves the cursor back inside the screen if libvterm left it outside. Call only between complete
/// sequences: libvterm 0.1.4's DECRC (`ESC 8`, `CSI ? 1048 l`, `CSI ? 1049 l`) restores a saved
/// position even when a resize has put it outside the screen, and the next character written there
/// lands outside the screen's buffer.
void CVTerm_keep_cursor_inside(CVTerm *term);
/// Changes the size (clamped); every row becomes damaged. A cursor left outside the screen by
/// libvterm 0.1.4 is moved back inside.
void CVTerm_resize(CVTerm *term, int32_t rows, int32_t columns);
void CVTerm_get_size(CVTerm *term, int32_t *rows, int32_t *columns);

/// The first cells of `row` (of its first `count`, at most the screen's width) up to the last one
/// that is not an erased cell in the default colours without attributes, into `cells`; returns how
/// many (0 for a row outside the screen). The rest of the row is such erased cells, as a
/// scrolled-off line's (`CVTerm_PushLineFn`). A wide character's left cell has width 2 and its
/// right half width 0 and no characters.
int32_t CVTerm_get_row(CVTerm *term, int32_t row, CVTerm_Cell *cells, int32_t count);
/// Copies up to `capacity` damaged row indices, ascending, into `rows`, with the columns of each
/// that changed since the last take into `first` and `last` (inclusive; the whole row for anything
/// but characters written), clears their flags and returns how many were copied (call again while
/// it returns `capacity`).
int32_t CVTerm_take_damage_spans(CVTerm *term, int32_t *rows, int32_t *first, int32_t *last, int32_t capacity);
/// Cells `start` ..< `start + count` of `row` (clamped to the row) as CVTerm_get_row hands them
/// out, into `cells`; returns how many (0 outside the screen).
int32_t CVTerm_get_cells(CVTerm *term, int32_t row, int32_t start, int32_t count, CVTerm_Cell *cells);
/// 1 when a character written now would be in the default colours without attributes (the pen
/// is plain and the screen is not in reverse video), else 0.
int32_t CVTerm_pen_is_plain(const CVTerm *term);
void CVTerm_get_props(CVTerm *term, CVTerm_Props *props);

// Keys for CVTerm_key.
#define CVTERM_KEY_ENTER 1
#define CVTERM_KEY_TAB 2
#define CVTERM_KEY_BACKSPACE 3
#define CVTERM_KEY_ESCAPE 4
#define CVTERM_KEY_UP 5
#define CVTERM_KEY_DOWN 6
#define CVTERM_KEY_LEFT 7
#define CVTERM_KEY_RIGHT 8
#define CVTERM_KEY_INSERT 9
#define CVTERM_KEY_DELETE 10
#define CVTERM_KEY_HOME 11
#define CVTERM_KEY_END 12
#define CVTERM_KEY_PAGEUP 13
#define CVTERM_KEY_PAGEDOWN 14
#define CVTERM_KEY_FUNCTION_BASE 256  // + n for F1...F12

// Modifier bits (as libvterm's): shift 1, alt 2, ctrl 4.
#define CVTERM_MOD_SHIFT 1
#define CVTERM_MOD_ALT 2
#define CVTERM_MOD_CTRL 4

/// A character typed (encoded as the program's modes ask).
void CVTerm_unichar(CVTerm *term, uint32_t c, int32_t mods);
/// A named key (CVTERM_KEY_…); unknown keys are ignored.
void CVTerm_key(CVTerm *term, int32_t key, int32_t mods);
/// Bracketed paste markers: libvterm writes them only when the program enabled mode 2004.
void CVTerm_start_paste(CVTerm *term);
void CVTerm_end_paste(CVTerm *term);
/// Mouse: move to (row, col), then press/release `button` (1–3, wheel 4/5, 6/7).
void CVTerm_mouse_move(CVTerm *term, int32_t row, int32_t col, int32_t mods);
void CVTerm_mouse_button(CVTerm *term, int32_t button, int32_t pressed, int32_t mods);

#ifdef __cplusplus
}
#endif

#endif
