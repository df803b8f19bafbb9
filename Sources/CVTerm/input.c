// CVTerm: what goes to the program: keys, paste and mouse, encoded by libvterm for the program's
// modes (see include/CVTerm.h). libvterm is included here and in shim.c only.
#include "CVTerm.h"
#include "shim.h"

#include <vterm.h>

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
