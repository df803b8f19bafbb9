// pty-bench: runs a command on a pseudo-terminal, as a terminal emulator would, for the figures of
// `rtl-tui run` in `make bench` (Sources/rtl-bench/RunBench.swift). The outer side of the pty is
// read as fast as possible and discarded; cursor position reports (CSI 6 n) and primary device
// attributes (CSI c) in the output are answered as a terminal answers them (the cursor on row 2,
// where the probe asks, column 2: every glyph one cell wide; xterm's DA1), so a program that
// identifies its terminal at start-up (rtl-tui, R21) does not wait for answers.
//
//   pty-bench throughput COLS ROWS TIMEOUT -- CMD [ARG...]
//       Wall time from fork to the command's exit and the end of its output (the pty's last
//       writer gone), bytes read, the command's peak resident set (ru_maxrss from wait4: the
//       command and the children it waited for; this helper is small, so a forked child does not
//       inherit a large high-water mark), its CPU time (user + system, from the same wait4: the
//       command and the children it waited for), its exit status.
//       Prints: seconds=S bytes=N maxrss_kib=K cpu_s=C status=X
//   pty-bench echo COLS ROWS SAMPLES -- CMD [ARG...]
//       Keystroke echo latency: once the command's output has been quiet for 300 ms, SAMPLES times
//       (after 5 unrecorded ones): write "x" to the pty, time until a byte "x" appears in the
//       output, then wait until the output has been quiet for 20 ms. Ends with CR and ^D.
//       Prints: startup_bytes=N samples_us=U,U,... status=X
//   pty-bench frames COLS ROWS FRAMES QUIET_MS -- CMD [ARG...]
//       Bytes per frame: once the start-up output is quiet (300 ms), FRAMES times: write " " to the
//       pty and count the output until it has been quiet for QUIET_MS. Ends with "q".
//       Prints: startup_bytes=N frame_bytes=B,B,... status=X
//   pty-bench paint one|all STATS
//       The program drawn by `frames` (run inside the pty, directly or under a multiplexer): puts
//       its terminal in raw mode without echo, draws every row with RTL text (Hebrew, Arabic,
//       digits, a little Latin; one cell per character), then for each byte read draws the next
//       frame: `one` rewrites one row (the next, cyclically), `all` rewrites every row; each row
//       as CSI row;1 H, text, CSI K, the text different every frame. On "q" (or end of input)
//       it writes to STATS: frames=F text_bytes=T written_bytes=W (the frames after the first
//       screen; text bytes are the rows' UTF-8 text without the escape sequences), and to
//       STATS.rows the text of each row it drew in those frames, a line each.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void usage(void) {
    fputs("usage: pty-bench throughput COLS ROWS TIMEOUT -- CMD...\n"
          "       pty-bench echo COLS ROWS SAMPLES -- CMD...\n"
          "       pty-bench frames COLS ROWS FRAMES QUIET_MS -- CMD...\n"
          "       pty-bench paint one|all STATS\n", stderr);
    exit(64);
}

static int master = -1;
static pid_t child = -1;

// Starts argv on a new pty of cols x rows: a new session with the pty as controlling terminal.
static void spawn(int cols, int rows, char **argv) {
    master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0) { perror("pty-bench: pty"); exit(1); }
    struct winsize ws = { .ws_row = rows, .ws_col = cols };
    ioctl(master, TIOCSWINSZ, &ws);
    char *slave = ptsname(master);
    child = fork();
    if (child < 0) { perror("pty-bench: fork"); exit(1); }
    if (child == 0) {
        setsid();
        int fd = open(slave, O_RDWR);
        if (fd < 0) { perror("pty-bench: open slave"); _exit(127); }
        ioctl(fd, TIOCSCTTY, 0);
        dup2(fd, 0); dup2(fd, 1); dup2(fd, 2);
        if (fd > 2) close(fd);
        close(master);
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        unsetenv("TMUX");
        unsetenv("LINES");
        unsetenv("COLUMNS");
        execvp(argv[0], argv);
        perror("pty-bench: exec");
        _exit(127);
    }
}

// Answers CSI 6 n and CSI c / CSI 0 c found in the output; a sequence cut at the end of a read is
// kept for the next one.
static unsigned char carry[16];
static size_t carried = 0;
static void answer(const unsigned char *buf, size_t n) {
    unsigned char tmp[32];
    size_t i = 0;
    // Finish a sequence cut at the previous read's end (the carry holds its start, from ESC).
    if (carried) {
        size_t k = carried, from_buf = 0;
        memcpy(tmp, carry, k);
        while (k < sizeof tmp && from_buf < n) tmp[k++] = buf[from_buf++];
        size_t j = 2;
        while (j < k && tmp[j] >= 0x20 && tmp[j] <= 0x3F) j++;
        if (k >= 2 && tmp[1] == '[' && j < k) {
            if (tmp[j] == 'n' && j == 3 && tmp[2] == '6') (void)!write(master, "\033[2;2R", 6);
            if (tmp[j] == 'c' && (j == 2 || (j == 3 && tmp[2] == '0'))) (void)!write(master, "\033[?1;2c", 7);
            i = j + 1 - carried;
        }
        carried = 0;
    }
    while (i < n) {
        const unsigned char *e = memchr(buf + i, 0x1B, n - i);
        if (!e) return;
        i = (size_t)(e - buf);
        size_t j = i + 1;
        if (j >= n) { carry[0] = 0x1B; carried = 1; return; }
        if (buf[j] != '[') { i = j; continue; }
        j++;
        while (j < n && buf[j] >= 0x20 && buf[j] <= 0x3F) j++;
        if (j >= n) {
            if (n - i < sizeof carry) { memcpy(carry, buf + i, n - i); carried = n - i; }
            return;
        }
        size_t body = j - (i + 2);
        if (buf[j] == 'n' && body == 1 && buf[i + 2] == '6') (void)!write(master, "\033[2;2R", 6);
        if (buf[j] == 'c' && (body == 0 || (body == 1 && buf[i + 2] == '0'))) (void)!write(master, "\033[?1;2c", 7);
        i = j + 1;
    }
}

static unsigned char buf[1 << 16];

// Reads until the output has been quiet for quiet_ms (or the pty is closed); returns the bytes read.
// With `want`, returns as soon as that byte appears (*found set to 1), counting what was read.
static long long drain(int quiet_ms, int first_ms, int want, int *found) {
    long long total = 0;
    struct pollfd p = { .fd = master, .events = POLLIN };
    int timeout = first_ms;
    for (;;) {
        int r = poll(&p, 1, timeout);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return total;
        ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0) return total;
        total += n;
        answer(buf, (size_t)n);
        if (want >= 0 && memchr(buf, want, (size_t)n)) { *found = 1; return total; }
        timeout = quiet_ms;
    }
}

// Waits for the child (killing it after `grace` seconds); returns its exit status.
static int finish(double grace, struct rusage *ru) {
    double end = now() + grace;
    int status = 0;
    struct rusage dummy;
    if (!ru) ru = &dummy;
    for (;;) {
        pid_t w = wait4(child, &status, WNOHANG, ru);
        if (w == child) break;
        if (now() > end) {
            kill(child, SIGTERM);
            usleep(200000);
            kill(child, SIGKILL);
            wait4(child, &status, 0, ru);
            break;
        }
        drain(50, 50, -1, NULL);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// MARK: - paint

static const char *words[] = {
    "שלום", "עולם", "הגדרות", "מערכת", "קובץ", "שמירה", "גרסה", "חיפוש", "תיקייה", "ביטול",
    "مرحبا", "بالعالم", "إعدادات", "النظام", "ملف", "حفظ", "الإصدار", "بحث", "مجلد", "إلغاء",
    "تنظیمات", "سیستم", "پرونده", "نسخه", "جستجو", "(OK)", "[x]", "42", "2026", "v1.2",
};
enum { NWORDS = sizeof words / sizeof *words };

static size_t utf8_chars(const char *s) {
    size_t n = 0;
    for (; *s; s++) if (((unsigned char)*s & 0xC0) != 0x80) n++;
    return n;
}

static char out[1 << 20];
static size_t outlen = 0;
static long long text_bytes = 0, written_bytes = 0;
// STATS.rows: the text of every row drawn after the first frame, a line each.
static FILE *rows_file = NULL;

static void put(const char *s, size_t n) { memcpy(out + outlen, s, n); outlen += n; }

// Row y of frame f: words until the row is 4 cells short of the width.
static void row(int y, int f, int cols) {
    char pos[32];
    int k = snprintf(pos, sizeof pos, "\033[%d;1H", y + 1);
    put(pos, (size_t)k);
    size_t used = 0, start = outlen;
    unsigned seed = (unsigned)(y * 2654435761u) ^ (unsigned)(f * 40503u + 7);
    for (;;) {
        seed = seed * 1103515245u + 12345u;
        const char *w = words[(seed >> 16) % NWORDS];
        size_t c = utf8_chars(w);
        if (used + c + 1 > (size_t)(cols > 8 ? cols - 4 : cols)) break;
        if (used) { put(" ", 1); used++; }
        put(w, strlen(w));
        used += c;
    }
    text_bytes += (long long)(outlen - start);
    if (rows_file) {
        fwrite(out + start, 1, outlen - start, rows_file);
        fputc('\n', rows_file);
    }
    put("\033[K", 3);
}

static void flush_out(void) {
    size_t off = 0;
    while (off < outlen) {
        ssize_t n = write(1, out + off, outlen - off);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        off += (size_t)n;
    }
    outlen = 0;
}

static int paint(const char *mode, const char *stats) {
    int all = strcmp(mode, "all") == 0;
    if (!all && strcmp(mode, "one") != 0) usage();
    struct winsize ws = {0};
    ioctl(1, TIOCGWINSZ, &ws);
    int cols = ws.ws_col ? ws.ws_col : 80, rows = ws.ws_row ? ws.ws_row : 24;
    struct termios saved, raw;
    int tty = tcgetattr(0, &saved) == 0;
    if (tty) { raw = saved; cfmakeraw(&raw); tcsetattr(0, TCSANOW, &raw); }
    put("\033[H\033[2J", 7);
    for (int y = 0; y < rows; y++) row(y, 0, cols);
    flush_out();
    text_bytes = 0;
    char rows_path[4096];
    snprintf(rows_path, sizeof rows_path, "%s.rows", stats);
    rows_file = fopen(rows_path, "w");
    int frames = 0;
    unsigned char c;
    while (read(0, &c, 1) == 1 && c != 'q') {
        frames++;
        if (all) for (int y = 0; y < rows; y++) row(y, frames, cols);
        else row((frames - 1) % rows, frames, cols);
        written_bytes += (long long)outlen;
        flush_out();
    }
    if (tty) tcsetattr(0, TCSANOW, &saved);
    if (rows_file) fclose(rows_file);
    FILE *f = fopen(stats, "w");
    if (f) { fprintf(f, "frames=%d text_bytes=%lld written_bytes=%lld\n", frames, text_bytes, written_bytes); fclose(f); }
    return 0;
}

// MARK: - main

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN);
    if (argc < 2) usage();
    const char *mode = argv[1];
    if (strcmp(mode, "paint") == 0) {
        if (argc != 4) usage();
        return paint(argv[2], argv[3]);
    }
    int nums = strcmp(mode, "frames") == 0 ? 4 : 3;
    if (argc < 2 + nums + 2 || strcmp(argv[2 + nums], "--") != 0) usage();
    int cols = atoi(argv[2]), rows = atoi(argv[3]);
    char **cmd = argv + 3 + nums;

    if (strcmp(mode, "throughput") == 0) {
        double timeout = atof(argv[4]);
        double start = now();
        spawn(cols, rows, cmd);
        long long total = 0;
        struct pollfd p = { .fd = master, .events = POLLIN };
        int timed_out = 0, reaped = 0, st = 0;
        struct rusage ru;
        memset(&ru, 0, sizeof ru);
        for (;;) {
            int r = poll(&p, 1, 1000);
            if (r < 0 && errno == EINTR) continue;
            if (now() - start > timeout) { timed_out = 1; break; }
            if (r == 0) {
                // A second of quiet after the command exited: something it left behind holds the
                // pty open; its output is over.
                if (reaped) break;
                if (wait4(child, &st, WNOHANG, &ru) == child) reaped = 1;
                continue;
            }
            ssize_t n = read(master, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;  // EIO: every writer of the pty is gone
            total += n;
            answer(buf, (size_t)n);
        }
        int status;
        if (timed_out) {
            if (!reaped) finish(0, &ru);
            status = -1;
        } else {
            if (!reaped) while (wait4(child, &st, 0, &ru) < 0 && errno == EINTR) {}
            status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
        double seconds = now() - start;
        double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
        printf("seconds=%.6f bytes=%lld maxrss_kib=%ld cpu_s=%.3f status=%d\n", seconds, total, ru.ru_maxrss, cpu, status);
        return 0;
    }

    if (strcmp(mode, "echo") == 0) {
        int samples = atoi(argv[4]);
        spawn(cols, rows, cmd);
        long long startup = drain(300, 5000, -1, NULL);
        printf("startup_bytes=%lld samples_us=", startup);
        for (int i = -5; i < samples; i++) {
            int found = 0;
            double t0 = now();
            if (write(master, "x", 1) != 1) break;
            drain(2000, 2000, 'x', &found);
            double us = (now() - t0) * 1e6;
            if (i >= 0) printf("%s%.0f", i ? "," : "", found ? us : -1.0);
            drain(20, 20, -1, NULL);
        }
        (void)!write(master, "\r", 1);
        drain(50, 200, -1, NULL);
        (void)!write(master, "\004", 1);
        printf(" status=%d\n", finish(3, NULL));
        return 0;
    }

    if (strcmp(mode, "frames") == 0) {
        int frames = atoi(argv[4]), quiet = atoi(argv[5]);
        spawn(cols, rows, cmd);
        long long startup = drain(300, 5000, -1, NULL);
        printf("startup_bytes=%lld frame_bytes=", startup);
        for (int i = 0; i < frames; i++) {
            if (write(master, " ", 1) != 1) break;
            printf("%s%lld", i ? "," : "", drain(quiet, 2000, -1, NULL));
        }
        (void)!write(master, "q", 1);
        printf(" status=%d\n", finish(3, NULL));
        return 0;
    }
    usage();
}
