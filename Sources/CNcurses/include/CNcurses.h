// CNcurses: a thin shim over ncursesw's wide-character API, plus the async-signal-safe terminal
// guard the full-screen app needs (see guard.c).
//
// This header exposes only CNcurses_-prefixed functions and constants over plain C types. The
// ncurses header itself is included by the .c files only: its wide API (cchar_t, get_wch, setcchar)
// exists only when _XOPEN_SOURCE_EXTENDED is defined, which Package.swift sets for this target's C
// files but not for the Swift code that imports this module. Values that are macros in curses.h
// (KEY_*, A_*, COLORS, getmaxyx) become constants and functions here.
//
// Return values follow ncurses: CNcurses_OK (0) on success, CNcurses_ERR (-1) on failure, unless a
// function says otherwise.
#ifndef CNCURSES_H
#define CNCURSES_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Version and results

/// NCURSES_VERSION_MAJOR of the headers the shim was built with.
int CNcurses_version_major(void);
/// NCURSES_VERSION_MINOR of the headers the shim was built with.
int CNcurses_version_minor(void);

extern const int CNcurses_OK;
extern const int CNcurses_ERR;

// MARK: - Starting and ending curses mode

/// Starts curses mode with `newterm` for terminal type `term` (NULL: $TERM).
///
/// `useDevTTY` 0: output to stdout, input from stdin (the usual case, including SSH sessions).
/// `useDevTTY` 1: both on a fresh stream of /dev/tty (for when stdin/stdout are redirected).
///
/// Returns 0 on success; 1 when /dev/tty cannot be opened; 2 when ncurses refuses the terminal
/// (unknown to terminfo, or a hard-copy/generic type without cursor addressing). On failure nothing
/// has been written to the terminal. Only one screen exists at a time; a second call without
/// `CNcurses_delete_screen` in between returns 3.
int CNcurses_start(const char *term, int useDevTTY);
/// The file descriptor curses writes to (-1 before `CNcurses_start`).
int CNcurses_output_fd(void);
/// The file descriptor curses reads from (-1 before `CNcurses_start`).
int CNcurses_input_fd(void);
/// `endwin()`: leaves curses mode (shell terminal modes, cursor to the last line, alternate screen
/// left). The screen stays allocated: a later `CNcurses_refresh` re-enters curses mode.
int CNcurses_endwin(void);
/// `isendwin()`: 1 after `endwin` and before the next refresh, else 0.
int CNcurses_isendwin(void);
/// Frees the screen created by `CNcurses_start` (call after `CNcurses_endwin`). Idempotent.
void CNcurses_delete_screen(void);

// MARK: - Input modes

int CNcurses_cbreak(void);
int CNcurses_nocbreak(void);
int CNcurses_raw(void);
int CNcurses_noraw(void);
int CNcurses_echo(void);
int CNcurses_noecho(void);
int CNcurses_nl(void);
int CNcurses_nonl(void);
/// `keypad(stdscr, on)`: decode function keys into KEY_* codes.
int CNcurses_keypad(int on);
/// `intrflush(stdscr, on)`.
int CNcurses_intrflush(int on);
/// `wtimeout(stdscr, ms)`: how long `CNcurses_get_wch` waits (negative: forever, 0: never).
void CNcurses_timeout(int milliseconds);
/// `set_escdelay(ms)`: how long ESC waits for the rest of an escape sequence.
int CNcurses_set_escdelay(int milliseconds);
/// Turns the terminal's XON/XOFF flow control (IXON) on or off, so that Ctrl-S and Ctrl-Q reach
/// the app in cbreak mode, then records the result as curses' program mode (`def_prog_mode`).
int CNcurses_set_flow_control(int on);
/// `def_prog_mode()`: records the current terminal modes as curses' program mode.
int CNcurses_def_prog_mode(void);
/// `reset_prog_mode()`: restores the program mode recorded by `def_prog_mode`.
int CNcurses_reset_prog_mode(void);
/// `def_shell_mode()`.
int CNcurses_def_shell_mode(void);
/// `reset_shell_mode()`: restores the terminal modes curses found at start.
int CNcurses_reset_shell_mode(void);

// MARK: - Reading keys

/// What `CNcurses_get_wch` read.
extern const int CNcurses_INPUT_NONE;     ///< Nothing: timeout, interrupted by a signal, or input error.
extern const int CNcurses_INPUT_CHAR;     ///< A character (a Unicode code point, possibly a control).
extern const int CNcurses_INPUT_KEYCODE;  ///< A KEY_* code (function key, KEY_RESIZE, KEY_MOUSE...).

/// `wget_wch(stdscr, ...)`. Stores the character or key code in `*value` and returns one of the
/// CNcurses_INPUT_* kinds.
int CNcurses_get_wch(uint32_t *value);
/// `ungetch(ch)`: pushes a byte or a KEY_* code back onto curses' input queue, to be read (and
/// decoded into keys) before anything else. Pushed items come back in reverse order of pushing.
int CNcurses_ungetch(int ch);
/// `unget_wch(c)`: pushes a character back onto curses' input queue.
int CNcurses_unget_wch(uint32_t c);
/// Whether the input descriptor is closed or hung up, checked without blocking and without
/// consuming input: 1 when poll(2) reports POLLHUP/POLLERR/POLLNVAL, or reports it readable while
/// no byte is waiting (end of file); 0 otherwise. Used after `CNcurses_get_wch` returned
/// CNcurses_INPUT_NONE, to tell a timeout from a terminal that has gone away.
int CNcurses_input_closed(void);

extern const int CNcurses_KEY_DOWN;
extern const int CNcurses_KEY_UP;
extern const int CNcurses_KEY_LEFT;
extern const int CNcurses_KEY_RIGHT;
extern const int CNcurses_KEY_HOME;
extern const int CNcurses_KEY_END;
extern const int CNcurses_KEY_BEG;
extern const int CNcurses_KEY_FIND;     ///< VT220 "Find", sent for Home by some terminals.
extern const int CNcurses_KEY_SELECT;   ///< VT220 "Select", sent for End by some terminals.
extern const int CNcurses_KEY_PPAGE;
extern const int CNcurses_KEY_NPAGE;
extern const int CNcurses_KEY_BACKSPACE;
extern const int CNcurses_KEY_DC;
extern const int CNcurses_KEY_IC;
extern const int CNcurses_KEY_ENTER;
extern const int CNcurses_KEY_BTAB;
extern const int CNcurses_KEY_F0;
extern const int CNcurses_KEY_RESIZE;
extern const int CNcurses_KEY_MOUSE;
extern const int CNcurses_KEY_MIN;
extern const int CNcurses_KEY_MAX;
/// `KEY_F(n)`: the code of function key n (0...63).
int CNcurses_KEY_F(int n);
/// Binds escape sequence `sequence` to key code `keycode` (`define_key`) unless the terminal's
/// description already binds it to something (`key_defined`). Returns 1 when bound now, 0 when
/// left alone, CNcurses_ERR on failure. For the Home/End variants that terminals and
/// multiplexers send whatever TERM says (`ESC [ 1 ~` inside tmux with TERM=xterm-256color).
int CNcurses_define_key_if_free(const char *sequence, int keycode);

// MARK: - Mouse (optional)

/// Reports button presses and the wheel (`mousemask`) when `on`, nothing otherwise. Returns 1 when
/// the terminal supports the mouse and reporting is now as requested, 0 when it does not.
int CNcurses_enable_mouse(int on);
/// `getmouse()` after a KEY_MOUSE: the cell (x, y) and the button: 1-3 for a press of buttons 1-3,
/// 4 for wheel up, 5 for wheel down, 0 for anything else (releases, motion).
int CNcurses_getmouse(int *x, int *y, int *button);

// MARK: - Drawing

/// Writes one grapheme at row `y`, column `x` of stdscr (`setcchar` + `mvwadd_wch`).
///
/// `utf8` holds `length` bytes of UTF-8: a base character followed by combining marks. It is
/// decoded here (independently of the locale); invalid sequences become U+FFFD. At most
/// CCHARW_MAX code points are kept (ncurses' limit, normally 5): the rest of a longer cluster is
/// dropped. A cluster that starts with a zero-width character (a lone combining mark) is drawn on a
/// space, so ncurses cannot attach it to the cell on its left. An empty string draws a space.
/// `attributes` is a combination of CNcurses_A_*; `pair` is a colour pair (0: default colours),
/// passed as an extended pair so numbers above 32767 work.
///
/// Returns the column width libc's wcwidth() gives the cluster's first code point (what ncurses
/// uses to place the following cells): 1 or 2, 0 for a mark drawn on a space (so 1 column), or -1
/// when the character is not printable in the current locale (nothing is written then).
int CNcurses_put_cell(int y, int x, const char *utf8, size_t length, uint32_t attributes, int pair);
/// The width libc's wcwidth() gives code point `c` in the current locale (-1: not printable).
int CNcurses_wcwidth(uint32_t c);
/// `wmove(stdscr, y, x)`.
int CNcurses_move(int y, int x);
/// `werase(stdscr)`.
int CNcurses_erase(void);
/// `wnoutrefresh(stdscr)`.
int CNcurses_wnoutrefresh(void);
/// `doupdate()`.
int CNcurses_doupdate(void);
/// `wrefresh(stdscr)`.
int CNcurses_refresh(void);
/// `clearok(curscr, on)`: the next refresh clears the terminal and repaints everything.
int CNcurses_clearok(int on);
/// `wredrawln(stdscr, y, count)`: the next refresh repaints rows y..<y+count whole.
int CNcurses_redrawln(int y, int count);
/// `idcok(stdscr, on)`: whether curses may insert and delete characters to update a row.
void CNcurses_idcok(int on);
/// `curs_set(visibility)`: 0 invisible, 1 normal, 2 very visible. Returns the previous
/// visibility, or CNcurses_ERR when the terminal cannot do it.
int CNcurses_curs_set(int visibility);
/// `getmaxy(stdscr)`: rows.
int CNcurses_lines(void);
/// `getmaxx(stdscr)`: columns.
int CNcurses_columns(void);
/// `resizeterm(lines, columns)`.
int CNcurses_resizeterm(int lines, int columns);

// MARK: - Attributes

extern const uint32_t CNcurses_A_NORMAL;
extern const uint32_t CNcurses_A_BOLD;
extern const uint32_t CNcurses_A_DIM;
extern const uint32_t CNcurses_A_ITALIC;
extern const uint32_t CNcurses_A_UNDERLINE;
extern const uint32_t CNcurses_A_REVERSE;

// MARK: - Colour

/// `has_colors()`: 1 or 0.
int CNcurses_has_colors(void);
/// `start_color()`.
int CNcurses_start_color(void);
/// `use_default_colors()`: colour -1 then means the terminal's default.
int CNcurses_use_default_colors(void);
/// `COLORS` (valid after `CNcurses_start_color`).
int CNcurses_colors(void);
/// `COLOR_PAIRS` (valid after `CNcurses_start_color`).
int CNcurses_color_pairs(void);
/// `init_extended_pair(pair, fg, bg)` (colour -1: default, after `use_default_colors`).
int CNcurses_init_pair(int pair, int fg, int bg);

// MARK: - Terminfo and raw output

/// `tigetstr(capname)` of the current terminal, or NULL when the capability is absent or
/// cancelled. The string belongs to ncurses.
const char *CNcurses_tigetstr(const char *capname);
/// `setupterm(term, fd)` without curses mode, for reading terminfo capabilities (`tigetstr`,
/// `tigetnum`) of terminal type `term` (NULL: $TERM). Returns 0 when terminfo knows the type.
int CNcurses_setupterm(const char *term, int fd);
/// `tigetnum(capname)`: a numeric capability, or -1 when absent (-2 when not numeric).
int CNcurses_tigetnum(const char *capname);
/// Writes `count` bytes to the curses output descriptor with write(2), bypassing curses (for
/// sequences terminfo has no capability for, such as the bidi modes). Retries on EINTR and
/// partial writes. Returns the number of bytes written, or -1 on error (for instance EIO on a
/// terminal that has hung up). Call it when curses' own output is flushed (after a refresh).
ssize_t CNcurses_write_tty(const void *bytes, size_t count);

// MARK: - Terminal guard (guard.c)
//
// Restores the terminal when the process is interrupted, terminated, hung up or crashes, and tells
// the main loop about suspend and resume. The handlers use async-signal-safe calls only: write(2)
// of a byte string prepared in advance, tcsetattr(3), sigaction(2), raise(3).
//
// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: the first one sets a pending request that the main loop
//   reads with `CNcurses_guard_pending_termination` (the handler is installed without SA_RESTART,
//   so a blocking read returns early). A second one before the main loop has acted restores the
//   terminal in the handler and re-raises the signal with its default action.
// - SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP: restore the terminal, then re-raise with the
//   handler that was installed before (the Swift runtime's crash reporter, or the default action),
//   so the crash report is readable and the exit status is that of the signal.
// - SIGTSTP: sets a pending request read by `CNcurses_guard_take_suspend`; the main loop leaves
//   curses mode and calls `CNcurses_guard_stop_self`.
// - SIGCONT: sets a flag read by `CNcurses_guard_take_resumed`; the main loop re-enters.
// - An atexit(3) hook restores the terminal if the process exits while the guard is active.
// While the guard is inactive (before curses starts, after it ends), every handled signal gets
// its default behaviour.

/// Saves the terminal modes of `fd` (the modes to restore) and installs the handlers. Call before
/// curses starts. Returns 0, or -1 if `fd` is not a terminal. Idempotent.
int CNcurses_guard_install(int fd);
/// Puts back the signal actions that were there before `CNcurses_guard_install`.
void CNcurses_guard_uninstall(void);
/// Sets the bytes the handlers write when they restore the terminal (leave the alternate screen,
/// show the cursor, restore the bidi modes). Copied; at most 4096 bytes (longer strings are
/// refused with -1).
int CNcurses_guard_set_restore_sequence(const char *bytes, size_t count);
/// 1: curses mode is active, the handlers restore the terminal; 0: they do not.
void CNcurses_guard_set_active(int active);
/// Restores the terminal now, the way the handlers do (write the restore bytes, put back the
/// saved modes) and marks the guard inactive. For paths that cannot run curses' own `endwin`.
void CNcurses_guard_restore_now(void);
/// The signal number of a pending SIGINT/SIGTERM/SIGHUP/SIGQUIT, or 0. The request stays pending
/// (a second signal then escalates) until `CNcurses_guard_clear_termination`.
int CNcurses_guard_pending_termination(void);
/// Forgets a pending termination request.
void CNcurses_guard_clear_termination(void);
/// 1 (once) when a SIGTSTP arrived since the last call, else 0.
int CNcurses_guard_take_suspend(void);
/// 1 (once) when a SIGCONT arrived since the last call, else 0.
int CNcurses_guard_take_resumed(void);
/// Stops the process as SIGTSTP would (the default action), then, once continued, re-installs the
/// guard's SIGTSTP handler. Call after leaving curses mode.
void CNcurses_guard_stop_self(void);
/// Raises `sig` with its default action (after the terminal has been restored), so the process
/// ends with that signal's status. Returns only if the default action does not end the process.
void CNcurses_guard_reraise_default(int sig);

// MARK: - Terminal guard without curses (guard.c)
//
// For a session that draws without curses (`rtl-tui run`): the terminal's modes are the ones the
// guard saved at install time, changed and put back here.

/// Puts the guarded terminal in raw mode (cfmakeraw: no echo, no line editing, no signals from
/// keys, no output processing). Returns 0, or -1 without a guarded terminal.
int CNcurses_guard_enter_raw(void);
/// Puts back the modes saved by `CNcurses_guard_install`. Returns 0 or -1.
int CNcurses_guard_leave_raw(void);
/// Notes SIGWINCH (the terminal was resized) when `on`, for `CNcurses_guard_take_resized`; puts
/// the previous action back when 0.
void CNcurses_guard_watch_resize(int on);
/// 1 (once) when a SIGWINCH arrived since the last call, else 0.
int CNcurses_guard_take_resized(void);
/// Notes SIGCHLD (a child stopped, continued or ended) when `on`, for `CNcurses_guard_take_child`;
/// puts back the previous action when off. The handler has no SA_RESTART, so poll(2) returns.
void CNcurses_guard_watch_children(int on);
/// 1 once after SIGCHLD (and once when the watch starts), else 0; always 1 while not watching.
int CNcurses_guard_take_child(void);

#ifdef __cplusplus
}
#endif

#endif
