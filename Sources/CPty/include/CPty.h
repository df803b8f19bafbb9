// CPty: a thin shim over the C library's pseudo-terminal and process calls that Swift cannot make
// safely: between fork(2) and exec only async-signal-safe C may run, so the child's side (new
// session, controlling terminal, standard streams, default signal actions, exec) is done here.
//
// Exposes only CPty_-prefixed functions over plain C types.
#ifndef CPTY_H
#define CPTY_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts `file` (looked up in PATH like execvp when it has no slash) with the NULL-terminated
/// `argv` and `envp` on a new pseudo-terminal of `rows` × `columns`, as the leader of a new
/// session whose controlling terminal is the pseudo-terminal, with the default signal actions and
/// an empty signal mask.
///
/// On success returns 0 and stores the master side (non-blocking, close-on-exec) in `*master` and
/// the child in `*pid`. Returns -1 with `errno` set when the pseudo-terminal or the process could
/// not be made. When the program could not be executed (not found, not executable), returns -2
/// with the exec error in `*execError`; the child has already been reaped then.
int CPty_spawn(const char *file, char *const argv[], char *const envp[], int rows, int columns,
               int *master, pid_t *pid, int *execError);

/// Sets the window size of the pseudo-terminal whose master is `master` (TIOCSWINSZ); the kernel
/// sends SIGWINCH to its foreground process group. Returns 0 or -1.
int CPty_set_size(int master, int rows, int columns);

/// The size of the terminal on `fd` (TIOCGWINSZ). Returns 0 or -1.
int CPty_get_size(int fd, int *rows, int *columns);

/// waitpid(2) for `pid` (WUNTRACED, and WNOHANG when `block` is 0). Returns 1 when it has ended,
/// with `*exitCode` set (its exit status) or `*signal` set (the signal that ended it, else 0); 2
/// when it has stopped (Ctrl-Z), with the stop signal in `*signal`; 0 when it is still running;
/// -1 on error.
int CPty_wait(pid_t pid, int block, int *exitCode, int *signal);

/// Sends `signal` to the process group of the pseudo-terminal's foreground job, or to `pid` when
/// that cannot be found. Returns 0 or -1.
int CPty_signal(int master, pid_t pid, int signal);

/// Names this process `name` (at most 15 bytes are kept) where `ps`, `top`, `pgrep` and `killall`
/// read it (`/proc/PID/comm`; prctl PR_SET_NAME on the calling thread, the main one's name being
/// the process's). Returns 0 or -1.
int CPty_set_process_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
