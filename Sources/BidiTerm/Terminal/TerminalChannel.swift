// The I/O the start-up queries need, as a protocol: the session talks to a terminal's file
// descriptors through it, the tests to a fake terminal on a clock of their own.

/// Where the start-up queries (R21) are written and their answers read: a terminal's file
/// descriptors (`FileTerminalChannel`), or a test's fake terminal.
public protocol TerminalChannel: AnyObject {
    /// Writes all of `bytes`; false on error.
    func write(_ bytes: [UInt8]) -> Bool
    /// Waits at most `timeout` for bytes from the terminal: what arrived, `[]` when the time ran
    /// out (or a signal interrupted the wait), nil when the input failed or hung up.
    func read(timeout: Duration) -> [UInt8]?
    /// The time now, on the clock the waits are measured by.
    var now: ContinuousClock.Instant { get }
}
