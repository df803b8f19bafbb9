/// Why a run loop ended.
public enum AppLoopExit: Hashable, Sendable {
    /// The app returned `.quit`.
    case quit
    /// The terminal's input closed (end of file, hang-up).
    case inputClosed
    /// A signal asked the process to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
    case signal(Int32)
}

/// What the loop's owner wants, asked before every wait for input.
public enum AppLoopControl: Hashable, Sendable {
    /// Go on.
    case proceed
    /// The screen was disturbed (resumed after a stop, for instance): repaint all of it.
    case redraw
    /// End the loop.
    case stop(AppLoopExit)
}

/// Drives a `TerminalApp` against a `TerminalBackend`: render, wait for a key or the next tick,
/// react, render again.
///
/// Keys that are already waiting are handled together before one render (a paste of many
/// characters redraws once). Rendering goes through the backend's `draw`, which sends only the
/// cells that changed.
public struct AppLoop<App: TerminalApp> {
    /// The app, as the loop left it.
    public private(set) var app: App
    /// Where frames are drawn and keys come from.
    public let backend: any TerminalBackend
    /// The longest single wait for input, in milliseconds, so that `control` is asked regularly
    /// even when a signal does not interrupt the wait.
    public var maxWaitMilliseconds: Int = 250
    /// The most keys handled before a render.
    public var maxKeysPerFrame: Int = 256
    /// The number of frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Messages from other threads for the app (`TerminalApp.receive`), or nil.
    public let mailbox: AppMailbox?

    /// A loop running `app` on `backend`, with messages from `mailbox` when given.
    public init(app: App, backend: any TerminalBackend, mailbox: AppMailbox? = nil) {
        self.app = app
        self.backend = backend
        self.mailbox = mailbox
        if let mailbox { backend.wakeDescriptor = mailbox.wakeDescriptor }
    }

    /// Renders the app into a blank buffer of the backend's size and draws it.
    public mutating func renderFrame() {
        let size = backend.size
        var buffer = Buffer(width: max(0, size.width), height: max(0, size.height))
        let cursor = app.render(into: &buffer)
        backend.draw(buffer, cursor: cursor)
        framesDrawn += 1
    }

    /// Runs until the app quits or `control` says stop; returns why it ended.
    ///
    /// - Parameter control: asked before every wait for input; `.redraw` repaints everything
    ///   (`invalidate` then a render).
    public mutating func run(control: () -> AppLoopControl = { .proceed }) -> AppLoopExit {
        let clock = ContinuousClock()
        var nextTick: ContinuousClock.Instant? = nil
        renderFrame()
        while true {
            if let mailbox, mailbox.hasMessages {
                for message in mailbox.take() where app.receive(message) == .quit { return .quit }
                renderFrame()
            }
            if backend.inputClosed { return .inputClosed }
            switch control() {
            case .stop(let reason): return reason
            case .redraw:
                backend.invalidate()
                renderFrame()
            case .proceed: break
            }

            if let interval = app.tickInterval {
                if nextTick == nil { nextTick = clock.now.advanced(by: interval) }
            } else {
                nextTick = nil
            }
            var wait = maxWaitMilliseconds
            if let t = nextTick { wait = min(wait, Self.milliseconds(until: t, clock: clock)) }

            if var key = backend.readKey(timeoutMilliseconds: wait) {
                var handled = 0
                while true {
                    if app.handle(key) == .quit { return .quit }
                    handled += 1
                    guard handled < maxKeysPerFrame, let more = backend.readKey(timeoutMilliseconds: 0) else { break }
                    key = more
                }
                renderFrame()
            }

            if let t = nextTick, clock.now >= t {
                if app.tick() == .quit { return .quit }
                nextTick = app.tickInterval.map { clock.now.advanced(by: $0) }
                renderFrame()
            }
        }
    }

    /// Whole milliseconds from now to `t`, rounded up, never negative.
    static func milliseconds(until t: ContinuousClock.Instant, clock: ContinuousClock) -> Int {
        let d = clock.now.duration(to: t)
        if d <= .zero { return 0 }
        let (s, atto) = d.components
        return Int(s) * 1000 + Int((atto + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
