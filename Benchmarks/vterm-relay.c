// vterm-relay: the least any libvterm-based `rtl-tui run` can do, for `make bench`'s floor.
//
//   vterm-relay [--uba] CMD [ARGS...]
//
// Starts CMD on a new pseudo-terminal the size of standard output's terminal and relays like
// `script -qfc CMD /dev/null`: what CMD writes is copied to standard output unchanged, what comes
// in on standard input goes to CMD. Besides, every byte CMD writes is fed to libvterm through the
// project's own shim (Sources/CVTerm/shim.c, compiled in), which keeps the emulated screen and
// hands over each line scrolled off the top, as `run` does; the lines are dropped. No row is read,
// reordered or redrawn. Exits with CMD's status.
//
// --uba: each scrolled-off line that holds a right-to-left character (U+0590-08FF, U+FB1D-FEFF)
// also goes through ICU's bidi algorithm, the least of what `run` does with it: its characters as
// UTF-16, ubidi_setPara (direction from the first strong character), ubidi_getVisualMap. Nothing
// is shaped, mirrored or written in visual order.
#include "CVTerm.h"

#include <unicode/ubidi.h>

#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

static int uba;
static UBiDi *bidi;
static UChar units[2 * CVTERM_MAX_SIZE * CVTERM_MAX_CHARS];
static int32_t visualMap[2 * CVTERM_MAX_SIZE * CVTERM_MAX_CHARS];

static void on_line(void *user, int32_t columns, int32_t used, const CVTerm_Cell *cells) {
    (void)user; (void)columns;
    if (!uba) return;
    int32_t n = 0, rtl = 0;
    for (int32_t x = 0; x < used; x++) {
        if (cells[x].width == 0) continue;  // the right half of a wide character
        for (int k = 0; k < CVTERM_MAX_CHARS && cells[x].chars[k]; k++) {
            uint32_t c = cells[x].chars[k];
            if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFEFF)) rtl = 1;
            if (c >= 0x10000 && c <= 0x10FFFF) {
                units[n++] = (UChar)(0xD7C0 + (c >> 10));
                units[n++] = (UChar)(0xDC00 | (c & 0x3FF));
            } else {
                units[n++] = (UChar)c;
            }
        }
        if (!cells[x].chars[0]) units[n++] = ' ';
    }
    if (!rtl || n == 0) return;
    UErrorCode err = U_ZERO_ERROR;
    ubidi_setPara(bidi, units, n, UBIDI_DEFAULT_LTR, NULL, &err);
    if (U_SUCCESS(err)) ubidi_getVisualMap(bidi, visualMap, &err);
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

// libvterm's answers to the program's queries go back to it.
static void on_output(void *user, const char *bytes, size_t length) {
    (void)write_all(*(int *)user, bytes, length);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--uba") == 0) {
        uba = 1;
        argv++;
        argc--;
        bidi = ubidi_open();
        if (!bidi) return 1;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: vterm-relay [--uba] CMD [ARGS...]\n");
        return 2;
    }
    struct winsize ws = {.ws_row = 24, .ws_col = 80};
    ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws);
    struct termios saved;
    int raw = tcgetattr(STDIN_FILENO, &saved) == 0;
    int master;
    pid_t pid = forkpty(&master, NULL, raw ? &saved : NULL, &ws);
    if (pid < 0) {
        perror("vterm-relay: forkpty");
        return 1;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror("vterm-relay: exec");
        _exit(127);
    }
    if (raw) {
        struct termios t = saved;
        cfmakeraw(&t);
        tcsetattr(STDIN_FILENO, TCSANOW, &t);
    }
    CVTerm *term = CVTerm_new(ws.ws_row, ws.ws_col, on_line, on_output, &master);
    if (!term) return 1;
    static char buf[1 << 16];
    struct pollfd fds[2] = {{.fd = master, .events = POLLIN}, {.fd = STDIN_FILENO, .events = POLLIN}};
    int inputOpen = 1;
    for (;;) {
        if (poll(fds, inputOpen ? 2 : 1, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[0].revents) {
            ssize_t n = read(master, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            CVTerm_feed(term, buf, (size_t)n);
            if (write_all(STDOUT_FILENO, buf, (size_t)n) != 0) break;
        }
        if (inputOpen && fds[1].revents) {
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (n <= 0) inputOpen = 0;
            else write_all(master, buf, (size_t)n);
        }
    }
    CVTerm_free(term);
    if (bidi) ubidi_close(bidi);
    if (raw) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}
