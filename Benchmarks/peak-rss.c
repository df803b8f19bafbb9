// peak-rss: runs a command with standard input from a file and standard output to /dev/null, and
// prints the command's peak resident set size in KiB (ru_maxrss from wait4).
//
// The benchmark driver measures memory through this small process rather than spawning the
// command itself: a child started by posix_spawn (vfork) or fork inherits the high-water mark of
// its parent's memory, so the driver's own size would be reported. This helper is tiny.
//
//   peak-rss INPUT COMMAND [ARG...]
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fputs("usage: peak-rss INPUT COMMAND [ARG...]\n", stderr);
        return 64;
    }
    pid_t pid = fork();
    if (pid < 0) { perror("peak-rss: fork"); return 1; }
    if (pid == 0) {
        int in = open(argv[1], O_RDONLY);
        int out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0) { perror("peak-rss: open"); _exit(127); }
        dup2(in, 0);
        dup2(out, 1);
        close(in);
        close(out);
        execvp(argv[2], argv + 2);
        perror("peak-rss: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {}
    printf("%ld\n", ru.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
