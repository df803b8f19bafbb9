// CNcurses: thin wrappers over ncursesw's wide-character API. See include/CNcurses.h.
#ifndef _XOPEN_SOURCE_EXTENDED
#error "You must define _XOPEN_SOURCE_EXTENDED (Package.swift sets it) for the wide API of ncursesw"
#endif
#ifndef _DEFAULT_SOURCE
#error "You must define _DEFAULT_SOURCE (Package.swift sets it) for FIONREAD and termios flags"
#endif
// wcwidth() is an X/Open function: glibc declares it only when _XOPEN_SOURCE is defined, which
// _XOPEN_SOURCE_EXTENDED alone does not do.
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <ncursesw/curses.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "CNcurses.h"

int CNcurses_version_major(void) { return NCURSES_VERSION_MAJOR; }
int CNcurses_version_minor(void) { return NCURSES_VERSION_MINOR; }

const int CNcurses_OK = OK;
const int CNcurses_ERR = ERR;

// MARK: - Starting and ending curses mode

static SCREEN *screen = NULL;
static FILE *ttyStream = NULL;
static int outputFd = -1;
static int inputFd = -1;

// MARK: - Where terminal descriptions are found

// ncurses searches TERMINFO, ~/.terminfo, TERMINFO_DIRS and then the directories it was built
// with. Those are the building distribution's, and a static ncurses carries them to every other
// one, so unless the user has chosen (TERMINFO or TERMINFO_DIRS set, even empty) the places where
// the distributions keep them are searched: Debian and Ubuntu (/etc, /lib and /usr/share),
// Fedora, RHEL, Arch, SUSE and Alpine (/usr/share), and /usr/lib. Set only while a description is
// loaded, so that the environment other code and `run`'s programs see stays the user's.
static const char *const terminfoSearchList = "/etc/terminfo:/lib/terminfo:/usr/share/terminfo:/usr/lib/terminfo";
static int terminfoSearchListSet = 0;

static void terminfo_search_begin(void) {
    if (getenv("TERMINFO") != NULL || getenv("TERMINFO_DIRS") != NULL) return;
    terminfoSearchListSet = setenv("TERMINFO_DIRS", terminfoSearchList, 0) == 0;
}

static void terminfo_search_end(void) {
    if (terminfoSearchListSet) unsetenv("TERMINFO_DIRS");
    terminfoSearchListSet = 0;
}

int CNcurses_start(const char *term, int useDevTTY) {
    if (screen != NULL) return 3;
    FILE *out = stdout, *in = stdin;
    if (useDevTTY) {
        ttyStream = fopen("/dev/tty", "r+");
        if (ttyStream == NULL) return 1;
        out = ttyStream;
        in = ttyStream;
    }
    // newterm (unlike initscr) returns NULL for a terminal it cannot drive instead of exiting.
    terminfo_search_begin();
    screen = newterm(term, out, in);
    terminfo_search_end();
    if (screen == NULL) {
        if (ttyStream != NULL) {
            fclose(ttyStream);
            ttyStream = NULL;
        }
        return 2;
    }
    set_term(screen);
    outputFd = fileno(out);
    inputFd = fileno(in);
    return 0;
}

int CNcurses_output_fd(void) { return outputFd; }
int CNcurses_input_fd(void) { return inputFd; }
int CNcurses_endwin(void) { return screen != NULL ? endwin() : ERR; }
int CNcurses_isendwin(void) { return screen != NULL && isendwin() ? 1 : 0; }

void CNcurses_delete_screen(void) {
    if (screen == NULL) return;
    delscreen(screen);
    screen = NULL;
    if (ttyStream != NULL) {
        fclose(ttyStream);
        ttyStream = NULL;
    }
    outputFd = -1;
    inputFd = -1;
}

// MARK: - Input modes

int CNcurses_cbreak(void) { return cbreak(); }
int CNcurses_nocbreak(void) { return nocbreak(); }
int CNcurses_raw(void) { return raw(); }
int CNcurses_noraw(void) { return noraw(); }
int CNcurses_echo(void) { return echo(); }
int CNcurses_noecho(void) { return noecho(); }
int CNcurses_nl(void) { return nl(); }
int CNcurses_nonl(void) { return nonl(); }
int CNcurses_keypad(int on) { return keypad(stdscr, on ? TRUE : FALSE); }
int CNcurses_intrflush(int on) { return intrflush(stdscr, on ? TRUE : FALSE); }
void CNcurses_timeout(int milliseconds) { wtimeout(stdscr, milliseconds); }
int CNcurses_set_escdelay(int milliseconds) { return set_escdelay(milliseconds); }

int CNcurses_set_flow_control(int on) {
    // ncurses has no call for IXON: cbreak() leaves it as the shell had it, so Ctrl-S would freeze
    // the output. Change it with termios and make the result curses' program mode.
    if (outputFd < 0) return ERR;
    struct termios t;
    if (tcgetattr(outputFd, &t) != 0) return ERR;
    if (on) t.c_iflag |= IXON; else t.c_iflag &= ~(tcflag_t)IXON;
    if (tcsetattr(outputFd, TCSADRAIN, &t) != 0) return ERR;
    return def_prog_mode();
}

int CNcurses_def_prog_mode(void) { return def_prog_mode(); }
int CNcurses_reset_prog_mode(void) { return reset_prog_mode(); }
int CNcurses_def_shell_mode(void) { return def_shell_mode(); }
int CNcurses_reset_shell_mode(void) { return reset_shell_mode(); }

// MARK: - Reading keys

const int CNcurses_INPUT_NONE = -1;
const int CNcurses_INPUT_CHAR = 0;
const int CNcurses_INPUT_KEYCODE = 1;

int CNcurses_get_wch(uint32_t *value) {
    wint_t ch = 0;
    int rc = wget_wch(stdscr, &ch);
    *value = (uint32_t)ch;
    if (rc == KEY_CODE_YES) return CNcurses_INPUT_KEYCODE;
    if (rc == OK) return CNcurses_INPUT_CHAR;
    return CNcurses_INPUT_NONE;
}

int CNcurses_ungetch(int ch) { return ungetch(ch); }
int CNcurses_unget_wch(uint32_t c) { return unget_wch((wchar_t)c); }

int CNcurses_input_closed(void) {
    if (inputFd < 0) return 1;
    struct pollfd p = { .fd = inputFd, .events = POLLIN, .revents = 0 };
    int n;
    do { n = poll(&p, 1, 0); } while (n < 0 && errno == EINTR);
    if (n < 0) return 1;
    if (n == 0) return 0;
    if (p.revents & (POLLHUP | POLLERR | POLLNVAL)) return 1;
    if (p.revents & POLLIN) {
        // Readable: either bytes are waiting (not closed) or read(2) would return end of file.
        int waiting = 0;
        if (ioctl(inputFd, FIONREAD, &waiting) != 0) return 0;
        return waiting == 0 ? 1 : 0;
    }
    return 0;
}

const int CNcurses_KEY_DOWN = KEY_DOWN;
const int CNcurses_KEY_UP = KEY_UP;
const int CNcurses_KEY_LEFT = KEY_LEFT;
const int CNcurses_KEY_RIGHT = KEY_RIGHT;
const int CNcurses_KEY_HOME = KEY_HOME;
const int CNcurses_KEY_END = KEY_END;
const int CNcurses_KEY_BEG = KEY_BEG;
const int CNcurses_KEY_FIND = KEY_FIND;
const int CNcurses_KEY_SELECT = KEY_SELECT;
const int CNcurses_KEY_PPAGE = KEY_PPAGE;
const int CNcurses_KEY_NPAGE = KEY_NPAGE;
const int CNcurses_KEY_BACKSPACE = KEY_BACKSPACE;
const int CNcurses_KEY_DC = KEY_DC;
const int CNcurses_KEY_IC = KEY_IC;
const int CNcurses_KEY_ENTER = KEY_ENTER;
const int CNcurses_KEY_BTAB = KEY_BTAB;
const int CNcurses_KEY_F0 = KEY_F0;
const int CNcurses_KEY_RESIZE = KEY_RESIZE;
const int CNcurses_KEY_MOUSE = KEY_MOUSE;
const int CNcurses_KEY_MIN = KEY_MIN;
const int CNcurses_KEY_MAX = KEY_MAX;

int CNcurses_KEY_F(int n) { return KEY_F(n); }

int CNcurses_define_key_if_free(const char *sequence, int keycode) {
    if (key_defined(sequence) != 0) return 0;
    return define_key(sequence, keycode) == OK ? 1 : ERR;
}

// MARK: - Mouse

int CNcurses_enable_mouse(int on) {
    if (!on) {
        mousemask(0, NULL);
        return 1;
    }
    mmask_t want = BUTTON1_PRESSED | BUTTON2_PRESSED | BUTTON3_PRESSED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    want |= BUTTON5_PRESSED;
#endif
    // mousemask returns the events the terminal can report: 0 when it has no mouse.
    if (mousemask(want, NULL) == 0) return 0;
    // Report presses at once rather than waiting to detect clicks.
    mouseinterval(0);
    return 1;
}

int CNcurses_getmouse(int *x, int *y, int *button) {
    MEVENT e;
    if (getmouse(&e) != OK) return ERR;
    *x = e.x;
    *y = e.y;
    int b = 0;
    if (e.bstate & BUTTON1_PRESSED) b = 1;
    else if (e.bstate & BUTTON2_PRESSED) b = 2;
    else if (e.bstate & BUTTON3_PRESSED) b = 3;
    else if (e.bstate & BUTTON4_PRESSED) b = 4;
#ifdef BUTTON5_PRESSED
    else if (e.bstate & BUTTON5_PRESSED) b = 5;
#endif
    *button = b;
    return OK;
}

// MARK: - Drawing

// Decodes UTF-8 into code points (wchar_t is UCS-4 on the platforms this builds for), at most
// `max` of them; ill-formed sequences become U+FFFD. Returns the count.
static size_t decodeUTF8(const unsigned char *s, size_t n, wchar_t *out, size_t max) {
    size_t i = 0, count = 0;
    while (i < n && count < max) {
        unsigned char b = s[i];
        uint32_t c;
        size_t len;
        if (b < 0x80) { c = b; len = 1; }
        else if (b >= 0xC2 && b <= 0xDF) { c = b & 0x1F; len = 2; }
        else if (b >= 0xE0 && b <= 0xEF) { c = b & 0x0F; len = 3; }
        else if (b >= 0xF0 && b <= 0xF4) { c = b & 0x07; len = 4; }
        else { out[count++] = 0xFFFD; i += 1; continue; }
        if (i + len > n) { out[count++] = 0xFFFD; break; }
        int ok = 1;
        for (size_t k = 1; k < len; k++) {
            unsigned char cb = s[i + k];
            if ((cb & 0xC0) != 0x80) { ok = 0; break; }
            c = (c << 6) | (cb & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are ill-formed.
        if (ok && ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10FFFF))
                   || (c >= 0xD800 && c <= 0xDFFF))) ok = 0;
        if (!ok) { out[count++] = 0xFFFD; i += 1; continue; }
        out[count++] = (wchar_t)c;
        i += len;
    }
    return count;
}

int CNcurses_put_cell(int y, int x, const char *utf8, size_t length, uint32_t attributes, int pair) {
    // One extra slot for the space put in front of a lone combining mark, one for the terminator.
    wchar_t wch[CCHARW_MAX + 2];
    size_t n = decodeUTF8((const unsigned char *)utf8, length, wch + 1, CCHARW_MAX);
    wchar_t *start = wch + 1;
    int width;
    if (n == 0) {
        start[0] = L' ';
        n = 1;
        width = 1;
    } else {
        width = wcwidth(start[0]);
        if (width < 0) return -1;
        if (width == 0) {
            // A cluster that begins with a mark: give it a spacing base of its own.
            wch[0] = L' ';
            start = wch;
            n += 1;
            if (n > CCHARW_MAX) n = CCHARW_MAX;
        }
    }
    start[n] = L'\0';
    cchar_t cc;
    int extendedPair = pair;
    if (setcchar(&cc, start, (attr_t)attributes, 0, &extendedPair) != OK) return -1;
    mvwadd_wch(stdscr, y, x, &cc);
    return width;
}

int CNcurses_wcwidth(uint32_t c) { return wcwidth((wchar_t)c); }
int CNcurses_move(int y, int x) { return wmove(stdscr, y, x); }
int CNcurses_erase(void) { return werase(stdscr); }
int CNcurses_wnoutrefresh(void) { return wnoutrefresh(stdscr); }
int CNcurses_doupdate(void) { return doupdate(); }
int CNcurses_refresh(void) { return wrefresh(stdscr); }
int CNcurses_clearok(int on) { return clearok(curscr, on ? TRUE : FALSE); }
int CNcurses_redrawln(int y, int count) { return wredrawln(stdscr, y, count); }
void CNcurses_idcok(int on) { idcok(stdscr, on ? TRUE : FALSE); }
int CNcurses_curs_set(int visibility) { return curs_set(visibility); }
int CNcurses_lines(void) { return getmaxy(stdscr); }
int CNcurses_columns(void) { return getmaxx(stdscr); }
int CNcurses_resizeterm(int lines, int columns) { return resizeterm(lines, columns); }

// MARK: - Attributes

const uint32_t CNcurses_A_NORMAL = (uint32_t)WA_NORMAL;
const uint32_t CNcurses_A_BOLD = (uint32_t)WA_BOLD;
const uint32_t CNcurses_A_DIM = (uint32_t)WA_DIM;
const uint32_t CNcurses_A_ITALIC = (uint32_t)WA_ITALIC;
const uint32_t CNcurses_A_UNDERLINE = (uint32_t)WA_UNDERLINE;
const uint32_t CNcurses_A_REVERSE = (uint32_t)WA_REVERSE;

// MARK: - Colour

int CNcurses_has_colors(void) { return has_colors() ? 1 : 0; }
int CNcurses_start_color(void) { return start_color(); }
int CNcurses_use_default_colors(void) { return use_default_colors(); }
int CNcurses_colors(void) { return COLORS; }
int CNcurses_color_pairs(void) { return COLOR_PAIRS; }
int CNcurses_init_pair(int pair, int fg, int bg) { return init_extended_pair(pair, fg, bg); }

// MARK: - Terminfo and raw output

const char *CNcurses_tigetstr(const char *capname) {
    char *s = tigetstr((char *)capname);
    if (s == NULL || s == (char *)-1) return NULL;
    return s;
}

// From term.h, which is not included: its capability macros (lines, columns…) clash with names here.
extern int setupterm(const char *term, int filedes, int *errret);

int CNcurses_setupterm(const char *term, int fd) {
    int err = 0;
    terminfo_search_begin();
    int result = setupterm((char *)term, fd, &err);
    terminfo_search_end();
    return result == OK ? 0 : -1;
}

int CNcurses_tigetnum(const char *capname) { return tigetnum((char *)capname); }

ssize_t CNcurses_write_tty(const void *bytes, size_t count) {
    int fd = outputFd >= 0 ? outputFd : STDOUT_FILENO;
    const char *p = bytes;
    size_t left = count;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += n;
        left -= (size_t)n;
    }
    return (ssize_t)count;
}
