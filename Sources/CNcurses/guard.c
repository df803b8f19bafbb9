// CNcurses terminal guard: puts the terminal back when the process is interrupted, terminated,
// hung up, suspended or crashes. See the "Terminal guard" section of include/CNcurses.h.
//
// This lives in C rather than Swift because a signal handler may only make async-signal-safe calls:
// a Swift function can retain, release or look up type metadata, any of which may take a lock
// that the interrupted code holds. Everything below touches static storage and calls write(2),
// tcsetattr(3), sigaction(2), sigprocmask(2) and raise(3) only.
#ifndef _DEFAULT_SOURCE
#error "You must define _DEFAULT_SOURCE (Package.swift sets it) for sigaltstack and SA_ONSTACK"
#endif

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "CNcurses.h"

enum { kRestoreCapacity = 4096 };

static volatile sig_atomic_t guardActive = 0;
static volatile sig_atomic_t pendingTermination = 0;
static volatile sig_atomic_t pendingSuspend = 0;
static volatile sig_atomic_t resumed = 0;
static volatile sig_atomic_t restoreLength = 0;
static char restoreBytes[kRestoreCapacity];

static int guardFd = -1;
static struct termios savedModes;
static int haveSavedModes = 0;
static int installed = 0;
static int atexitRegistered = 0;

static const int terminationSignals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static const int crashSignals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
enum { kTermCount = sizeof terminationSignals / sizeof terminationSignals[0] };
enum { kCrashCount = sizeof crashSignals / sizeof crashSignals[0] };

// The actions found at install time, indexed by signal number, and which ones we replaced.
static struct sigaction previous[NSIG];
static int replaced[NSIG];

// MARK: - Async-signal-safe helpers

static void writeAll(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;  // EIO after a hang-up, for instance: nothing more can be done
        }
        p += w;
        n -= (size_t)w;
    }
}

static void restoreTerminal(void) {
    int fd = guardFd;
    if (fd < 0) return;
    size_t n = (size_t)restoreLength;
    if (n > 0) writeAll(fd, restoreBytes, n);
    if (haveSavedModes) tcsetattr(fd, TCSANOW, &savedModes);
}

static void unblock(int sig) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void raiseWithDefault(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    unblock(sig);
    raise(sig);
}

// MARK: - Handlers

static void onTermination(int sig) {
    int savedErrno = errno;
    if (!guardActive || pendingTermination != 0) {
        // Not in curses mode, or a second request the main loop has not acted on (it may be
        // stuck): restore here and end the process with this signal.
        if (guardActive) {
            guardActive = 0;
            restoreTerminal();
        }
        raiseWithDefault(sig);
    }
    pendingTermination = sig;
    errno = savedErrno;
}

static void installSuspendHandler(void);

static void onSuspend(int sig) {
    int savedErrno = errno;
    if (guardActive) {
        pendingSuspend = 1;
    } else {
        raiseWithDefault(sig);    // stops here until SIGCONT
        installSuspendHandler();  // then handle the next one again
    }
    errno = savedErrno;
}

static void onContinue(int sig) {
    (void)sig;
    resumed = 1;
}

static void onCrash(int sig, siginfo_t *info, void *context) {
    (void)context;
    if (guardActive) {
        guardActive = 0;
        restoreTerminal();
    }
    // Hand the signal to what was there before (the runtime's crash reporter, or the default).
    struct sigaction next = previous[sig];
    if (next.sa_handler == SIG_IGN) {
        memset(&next, 0, sizeof next);
        next.sa_handler = SIG_DFL;
        sigemptyset(&next.sa_mask);
    }
    sigaction(sig, &next, NULL);
    // A fault raised by the CPU (si_code > 0) happens again when the handler returns, at the same
    // instruction, so the next handler (the runtime's crash reporter) sees the real fault.
    // SIGTRAP resumes after a breakpoint instruction on some CPUs, and abort() or kill(2) do not
    // repeat: those end the process with the default action at once. (Handing them to the
    // runtime's reporter is not enough: it returns for a signal that does not repeat, and the
    // process would go on running.)
    if (sig == SIGTRAP || sig == SIGABRT || info == NULL || info->si_code <= 0) raiseWithDefault(sig);
}

// MARK: - Installation

static int wasIgnored(int sig) {
    struct sigaction cur;
    if (sigaction(sig, NULL, &cur) != 0) return 0;
    return !(cur.sa_flags & SA_SIGINFO) && cur.sa_handler == SIG_IGN;
}

static void installHandler(int sig, void (*handler)(int)) {
    struct sigaction act;
    memset(&act, 0, sizeof act);
    act.sa_handler = handler;
    sigemptyset(&act.sa_mask);
    for (int i = 0; i < kTermCount; i++) sigaddset(&act.sa_mask, terminationSignals[i]);
    // No SA_RESTART: a read(2) blocked waiting for a key returns, so the main loop acts at once.
    act.sa_flags = 0;
    if (sigaction(sig, &act, replaced[sig] ? NULL : &previous[sig]) == 0) replaced[sig] = 1;
}

static void installSuspendHandler(void) { installHandler(SIGTSTP, onSuspend); }

static void atExitRestore(void) {
    if (guardActive) {
        guardActive = 0;
        restoreTerminal();
    }
}

static void ensureAlternateStack(void) {
    // A stack overflow raises SIGSEGV with no stack left to run the handler on: give the handlers
    // a stack of their own unless one is set already (the Swift runtime may have done so).
    stack_t current;
    if (sigaltstack(NULL, &current) != 0) return;
    if (!(current.ss_flags & SS_DISABLE)) return;
    size_t size = 64 * 1024;
    void *mem = malloc(size);
    if (mem == NULL) return;
    stack_t ss = { .ss_sp = mem, .ss_size = size, .ss_flags = 0 };
    if (sigaltstack(&ss, NULL) != 0) free(mem);
}

int CNcurses_guard_install(int fd) {
    if (installed) return 0;
    if (!isatty(fd)) return -1;
    guardFd = fd;
    haveSavedModes = tcgetattr(fd, &savedModes) == 0;
    pendingTermination = 0;
    pendingSuspend = 0;
    resumed = 0;
    memset(replaced, 0, sizeof replaced);

    // Signals the shell set to be ignored (nohup, a background job without job control) stay
    // ignored.
    for (int i = 0; i < kTermCount; i++) {
        int sig = terminationSignals[i];
        if (!wasIgnored(sig)) installHandler(sig, onTermination);
    }
    if (!wasIgnored(SIGTSTP)) installSuspendHandler();
    installHandler(SIGCONT, onContinue);

    ensureAlternateStack();
    for (int i = 0; i < kCrashCount; i++) {
        int sig = crashSignals[i];
        struct sigaction act;
        memset(&act, 0, sizeof act);
        act.sa_sigaction = onCrash;
        sigfillset(&act.sa_mask);
        act.sa_flags = SA_SIGINFO | SA_ONSTACK;
        if (sigaction(sig, &act, &previous[sig]) == 0) replaced[sig] = 1;
    }

    if (!atexitRegistered) {
        atexit(atExitRestore);
        atexitRegistered = 1;
    }
    installed = 1;
    return 0;
}

void CNcurses_guard_uninstall(void) {
    if (!installed) return;
    guardActive = 0;
    for (int sig = 1; sig < NSIG; sig++) {
        if (replaced[sig]) {
            sigaction(sig, &previous[sig], NULL);
            replaced[sig] = 0;
        }
    }
    installed = 0;
}

int CNcurses_guard_set_restore_sequence(const char *bytes, size_t count) {
    if (count > kRestoreCapacity) return -1;
    restoreLength = 0;  // a handler running meanwhile writes nothing rather than half a copy
    memcpy(restoreBytes, bytes, count);
    restoreLength = (sig_atomic_t)count;
    return 0;
}

void CNcurses_guard_set_active(int active) { guardActive = active ? 1 : 0; }

void CNcurses_guard_restore_now(void) {
    guardActive = 0;
    restoreTerminal();
}

int CNcurses_guard_pending_termination(void) { return (int)pendingTermination; }
void CNcurses_guard_clear_termination(void) { pendingTermination = 0; }

int CNcurses_guard_take_suspend(void) {
    if (!pendingSuspend) return 0;
    pendingSuspend = 0;
    return 1;
}

int CNcurses_guard_take_resumed(void) {
    if (!resumed) return 0;
    resumed = 0;
    return 1;
}

void CNcurses_guard_stop_self(void) {
    struct sigaction dfl, ours;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &ours);
    unblock(SIGTSTP);
    raise(SIGTSTP);  // stopped here until SIGCONT
    sigaction(SIGTSTP, &ours, NULL);
}

void CNcurses_guard_reraise_default(int sig) { raiseWithDefault(sig); }

// MARK: - Without curses (rtl-tui run)

static volatile sig_atomic_t resizedFlag = 0;
static int resizeWatched = 0;
static struct sigaction previousWinch;

static void onResize(int sig) {
    (void)sig;
    resizedFlag = 1;
}

int CNcurses_guard_enter_raw(void) {
    if (guardFd < 0 || !haveSavedModes) return -1;
    struct termios raw = savedModes;
    // cfmakeraw: no echo, no canonical mode, no signals from keys (Ctrl-C, Ctrl-Z and Ctrl-\ are
    // bytes for the program), no CR/NL translation, 8-bit characters.
    raw.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    raw.c_oflag &= ~(tcflag_t)OPOST;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    raw.c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
    raw.c_cflag |= CS8;
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    return tcsetattr(guardFd, TCSANOW, &raw) == 0 ? 0 : -1;
}

int CNcurses_guard_leave_raw(void) {
    if (guardFd < 0 || !haveSavedModes) return -1;
    return tcsetattr(guardFd, TCSANOW, &savedModes) == 0 ? 0 : -1;
}

// Puts `handler` on `sig` (on) or the action it replaced back (off), once each way.
static void watchSignal(int sig, void (*handler)(int), struct sigaction *previous, int *watched, int on) {
    if (on && !*watched) {
        struct sigaction act;
        memset(&act, 0, sizeof act);
        act.sa_handler = handler;
        sigemptyset(&act.sa_mask);
        act.sa_flags = 0;  // no SA_RESTART: a wait in poll(2) returns at once
        if (sigaction(sig, &act, previous) == 0) *watched = 1;
    } else if (!on && *watched) {
        sigaction(sig, previous, NULL);
        *watched = 0;
    }
}

void CNcurses_guard_watch_resize(int on) { watchSignal(SIGWINCH, onResize, &previousWinch, &resizeWatched, on); }

int CNcurses_guard_take_resized(void) {
    if (!resizedFlag) return 0;
    resizedFlag = 0;
    return 1;
}

static volatile sig_atomic_t childFlag = 0;
static int childWatched = 0;
static struct sigaction previousChld;

static void onChild(int sig) {
    (void)sig;
    childFlag = 1;
}

void CNcurses_guard_watch_children(int on) {
    if (on && !childWatched) childFlag = 1;  // whatever happened before is looked at once
    watchSignal(SIGCHLD, onChild, &previousChld, &childWatched, on);
}

int CNcurses_guard_take_child(void) {
    if (!childWatched) return 1;  // not watched: always look
    if (!childFlag) return 0;
    childFlag = 0;
    return 1;
}
