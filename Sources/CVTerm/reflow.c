// CVTerm: the primary screen re-wrapped when the width changes (R32), as tmux does: the rows that
// continue the row above them (`cont`, set as the program's text wraps at the right edge) are one
// line, and each line is cut again at the new width. libvterm 0.1.4 keeps no line continuation and
// the shim's screen is its own, so the shim does it for every version of libvterm.
#include "CVTerm.h"
#include "shim.h"

#include <stdlib.h>
#include <string.h>

// Whether a stored cell is erased in the default colours without attributes (a trailing blank).
static int is_plain_blank(const CVTerm_Cell *c) {
    return c->chars[0] == 0 && (c->attrs & ~(1u << 31)) == 0 && c->fg_kind == CVTERM_COLOR_DEFAULT
        && c->bg_kind == CVTERM_COLOR_DEFAULT;
}

int cvterm_reflow(CVTerm *t, int new_rows, int new_cols, int *cursor_row, int *cursor_col) {
    int old_rows = t->rows, old_cols = t->cols;
    int crow = t->props.cursor_row, ccol = t->props.cursor_col;
    if (crow < 0) crow = 0;
    if (crow >= old_rows) crow = old_rows - 1;
    // The last row that holds anything (or the cursor): rows below it are dropped.
    int last = old_rows - 1;
    while (last > crow) {
        int blank = 1;
        for (int col = 0; col < old_cols && blank; col++) if (!is_plain_blank(&t->rowp[0][last][col])) blank = 0;
        if (!blank) break;
        last--;
    }
    // Every line's cells, one after the other, and where each line starts.
    size_t cap = (size_t)(last + 1) * (size_t)old_cols;
    CVTerm_Cell *cells = malloc((cap ? cap : 1) * sizeof *cells);
    int *line_start = malloc((size_t)(last + 2) * sizeof *line_start);
    int *line_len = malloc((size_t)(last + 2) * sizeof *line_len);
    if (!cells || !line_start || !line_len) { free(cells); free(line_start); free(line_len); return 0; }
    int lines = 0, n = 0, cursor_line = 0, cursor_offset = 0;
    for (int row = 0; row <= last; row++) {
        if (row == 0 || !t->cont[row]) {
            line_start[lines] = n;
            line_len[lines] = 0;
            lines++;
        }
        if (row == crow) {
            cursor_line = lines - 1;
            cursor_offset = n - line_start[lines - 1] + ccol;
        }
        memcpy(cells + n, t->rowp[0][row], (size_t)old_cols * sizeof *cells);
        n += old_cols;
        // A line ends at its last cell that is not a plain blank (the cursor's line: at least at
        // the cursor).
        int end = n;
        while (end > line_start[lines - 1] && is_plain_blank(&cells[end - 1])) end--;
        line_len[lines - 1] = end - line_start[lines - 1];
    }
    // How many rows each line takes at the new width (a wide character is not cut: it moves on).
    int total = 0;
    int *line_rows = malloc((size_t)(lines ? lines : 1) * sizeof *line_rows);
    if (!line_rows) { free(cells); free(line_start); free(line_len); return 0; }
    for (int l = 0; l < lines; l++) {
        int rows = 1, col = 0;
        const CVTerm_Cell *c = cells + line_start[l];
        int len = line_len[l];
        for (int i = 0; i < len; i++) {
            int w = (i + 1 < len && c[i + 1].chars[0] == CONTINUATION) ? 2 : 1;
            if (c[i].chars[0] == CONTINUATION) continue;
            if (col + w > new_cols) { rows++; col = 0; }
            col += w;
        }
        if (l == cursor_line) {
            // The cursor's cell must fit on the line's rows.
            int at = cursor_offset - len;
            if (at > 0) {
                col += at;
                while (col >= new_cols) { rows++; col -= new_cols; }
            }
        }
        line_rows[l] = rows;
        total += rows;
    }
    // New screen: the lines from the top; those that do not fit above go to the scrollback.
    CVTerm_Cell *block = malloc((size_t)new_rows * (size_t)new_cols * sizeof *block);
    CVTerm_Cell **rowp = malloc((size_t)new_rows * sizeof *rowp);
    CVTerm_Cell *wide = malloc((size_t)(total > 0 ? total : 1) * (size_t)new_cols * sizeof *wide);
    unsigned char *cont = calloc((size_t)(total > 0 ? total : 1), 1);
    if (!block || !rowp || !wide || !cont) {
        free(block); free(rowp); free(wide); free(cont); free(cells); free(line_start); free(line_len); free(line_rows);
        return 0;
    }
    // A blank in the default colours (the cursor's distance past its line's text keeps it).
    CVTerm_Cell blank;
    memset(&blank, 0, sizeof blank);
    blank.width = 1;
    for (size_t i = 0; i < (size_t)total * (size_t)new_cols; i++) wide[i] = blank;
    int out_row = 0, new_crow = 0, new_ccol = 0;
    for (int l = 0; l < lines; l++) {
        const CVTerm_Cell *c = cells + line_start[l];
        int len = line_len[l];
        int row = out_row, col = 0;
        int offset_row = row, offset_col = 0, found = 0;
        for (int i = 0; i < len; i++) {
            if (c[i].chars[0] == CONTINUATION) continue;
            int w = (i + 1 < len && c[i + 1].chars[0] == CONTINUATION) ? 2 : 1;
            if (col + w > new_cols) { row++; col = 0; cont[row] = 1; }
            if (l == cursor_line && i == cursor_offset) { offset_row = row; offset_col = col; found = 1; }
            wide[(size_t)row * (size_t)new_cols + (size_t)col] = c[i];
            if (w == 2) wide[(size_t)row * (size_t)new_cols + (size_t)col + 1] = c[i + 1];
            col += w;
        }
        if (l == cursor_line && !found) {
            int at = cursor_offset - len;
            offset_row = row;
            offset_col = col + (at > 0 ? at : 0);
            while (offset_col >= new_cols && offset_row + 1 < out_row + line_rows[l]) { offset_row++; offset_col -= new_cols; }
            if (offset_col >= new_cols) offset_col = new_cols - 1;
        }
        if (l == cursor_line) { new_crow = offset_row; new_ccol = offset_col; }
        out_row += line_rows[l];
    }
    // The rows above the new screen (at least those above the cursor's) go to the scrollback.
    int skip = total > new_rows ? total - new_rows : 0;
    if (new_crow - skip < 0) skip = new_crow;
    if (t->push_line) {
        for (int row = 0; row < skip; row++) {
            const CVTerm_Cell *in = wide + (size_t)row * (size_t)new_cols;
            int used = new_cols;
            while (used > 0 && is_plain_blank(&in[used - 1])) used--;
            for (int col = 0; col < used && col < CVTERM_MAX_SIZE; col++) {
                t->line[col] = in[col];
                t->line[col].attrs &= ~(1u << 31);
                if (t->line[col].chars[0] == CONTINUATION) { memset(t->line[col].chars, 0, sizeof t->line[col].chars); t->line[col].width = 0; }
                else t->line[col].width = (col + 1 < used && in[col + 1].chars[0] == CONTINUATION) ? 2 : 1;
            }
            t->push_line(t->user, new_cols, used, t->line);
        }
    }
    memset(t->cont, 0, CVTERM_MAX_SIZE);
    for (int row = 0; row < new_rows; row++) {
        rowp[row] = block + (size_t)row * (size_t)new_cols;
        int from = row + skip;
        if (from < total) {
            memcpy(rowp[row], wide + (size_t)from * (size_t)new_cols, (size_t)new_cols * sizeof *block);
            t->cont[row] = row > 0 ? cont[from] : 0;
        } else {
            for (int col = 0; col < new_cols; col++) rowp[row][col] = blank;
        }
    }
    free(t->blocks[0]);
    free(t->rowp[0]);
    t->blocks[0] = block;
    t->rowp[0] = rowp;
    t->last_glyph_row = -1;
    *cursor_row = new_crow - skip;
    *cursor_col = new_ccol;
    if (*cursor_row >= new_rows) *cursor_row = new_rows - 1;
    free(wide); free(cont); free(cells); free(line_start); free(line_len); free(line_rows);
    return 1;
}
