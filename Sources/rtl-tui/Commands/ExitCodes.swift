import ArgumentParser

/// The exit statuses of rtl-tui, each named once (the numbers of sysexits.h where one fits):
///
/// | status | meaning |
/// |---|---|
/// | 0 | success (`.success`) |
/// | 1 | `check`: a finding at error severity (any with `--strict`); `demo`, `preview`, `browse`: no usable terminal (`.failure`) |
/// | 2 | `check`, `browse`: a catalog that cannot be read or is malformed |
/// | 64 | bad usage (EX_USAGE; argument-parser's `.validationFailure`) |
/// | 65 | invalid input data (EX_DATAERR): invalid UTF-8 under `--strict`, a screen file or catalog with errors (`render --screen`, `preview`, `demo --demo-dir`) |
/// | 74 | the output could not be written (EX_IOERR): a full disk, an I/O error; not a reader that went away (EPIPE) |
extension ExitCode {
    /// 2: a catalog that cannot be read or is malformed.
    static let unreadableInput = ExitCode(2)
    /// 64 (EX_USAGE): bad usage.
    static let usage = ExitCode.validationFailure
    /// 65 (EX_DATAERR): invalid input data.
    static let dataError = ExitCode(65)
    /// 74 (EX_IOERR): the output could not be written.
    static let outputError = ExitCode(74)
}
