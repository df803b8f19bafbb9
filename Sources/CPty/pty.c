// See include/CPty.h.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "CPty.h"

static int openMaster(char *slaveName, size_t capacity) {
    int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return -1;
    if (grantpt(m) != 0 || unlockpt(m) != 0 || ptsname_r(m, slaveName, capacity) != 0) {
        int e = errno;
        close(m);
        errno = e;
        return -1;
    }
    return m;
}

int CPty_spawn(const char *file, char *const argv[], char *const envp[], int rows, int columns,
               int *master, pid_t *pid, int *execError) {
    char slaveName[128];
    int m = openMaster(slaveName, sizeof slaveName);
    if (m < 0) return -1;
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    ws.ws_row = (unsigned short)(rows > 0 ? rows : 24);
    ws.ws_col = (unsigned short)(columns > 0 ? columns : 80);
    ioctl(m, TIOCSWINSZ, &ws);

    // The child reports a failed exec through this pipe; a successful exec closes it.
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        int e = errno;
        close(m);
        errno = e;
        return -1;
    }
    pid_t child = fork();
    if (child < 0) {
        int e = errno;
        close(m);
        close(report[0]);
        close(report[1]);
        errno = e;
        return -1;
    }
    if (child == 0) {
        // Async-signal-safe calls only from here to exec.
        close(report[0]);
        setsid();
        int s = open(slaveName, O_RDWR);
        if (s < 0) {
            int e = errno;
            (void)!write(report[1], &e, sizeof e);
            _exit(127);
        }
        ioctl(s, TIOCSCTTY, 0);
        dup2(s, 0);
        dup2(s, 1);
        dup2(s, 2);
        if (s > 2) close(s);
        close(m);
        for (int sig = 1; sig < NSIG; sig++) {
            if (sig == SIGKILL || sig == SIGSTOP) continue;
            struct sigaction dfl;
            memset(&dfl, 0, sizeof dfl);
            dfl.sa_handler = SIG_DFL;
            sigemptyset(&dfl.sa_mask);
            sigaction(sig, &dfl, NULL);
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvpe(file, argv, envp);
        int e = errno;
        (void)!write(report[1], &e, sizeof e);
        _exit(127);
    }
    close(report[1]);
    int e = 0;
    ssize_t got;
    do {
        got = read(report[0], &e, sizeof e);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof e) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        close(m);
        if (execError) *execError = e;
        return -2;
    }
    int flags = fcntl(m, F_GETFL);
    if (flags >= 0) fcntl(m, F_SETFL, flags | O_NONBLOCK);
    *master = m;
    *pid = child;
    return 0;
}

int CPty_set_size(int master, int rows, int columns) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    ws.ws_row = (unsigned short)rows;
    ws.ws_col = (unsigned short)columns;
    return ioctl(master, TIOCSWINSZ, &ws) == 0 ? 0 : -1;
}

int CPty_get_size(int fd, int *rows, int *columns) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *columns = ws.ws_col;
    return 0;
}

int CPty_wait(pid_t pid, int block, int *exitCode, int *signal) {
    int status = 0;
    pid_t r;
    do {
        r = waitpid(pid, &status, (block ? 0 : WNOHANG) | WUNTRACED);
    } while (r < 0 && errno == EINTR);
    if (r < 0) return -1;
    if (r == 0) return 0;
    *exitCode = 0;
    *signal = 0;
    if (WIFSTOPPED(status)) {
        *signal = WSTOPSIG(status);
        return 2;
    }
    if (WIFEXITED(status)) *exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) *signal = WTERMSIG(status);
    return 1;
}

int CPty_signal(int master, pid_t pid, int signal) {
    pid_t group = tcgetpgrp(master);
    if (group > 0 && kill(-group, signal) == 0) return 0;
    return kill(pid, signal) == 0 ? 0 : -1;
}

int CPty_set_process_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
