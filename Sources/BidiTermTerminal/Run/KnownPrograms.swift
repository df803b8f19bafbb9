/// Programs known to draw right-to-left text in visual order by themselves on a terminal, so that
/// `run` leaves their rows as they draw them (R27). One entry a program, each with its reason; the
/// name is the process's (`/proc/PID/comm`) or its executable's file name.
///
/// A program that reorders only when a library is there is not listed by name: a process that has
/// GNU FriBidi mapped (`libfribidi`) reorders by itself (newt's `whiptail` and `nmtui` load it when
/// it is installed; installers and dialog libraries built on it), which `ProgramEvidence` reads
/// from `/proc/PID/maps`. vim reorders only with `rightleft`, which its screen shows
/// (`RightLeftScreen`).
public enum KnownPrograms {
    /// What the table says of one program.
    public struct Entry: Sendable, Hashable {
        /// The program draws visual order (true), or writes logical order even though it is listed
        /// (false: listed to say so, for programs whose text may look visual).
        public var drawsVisualOrder: Bool
        /// Why, for the status line and the docs.
        public var reason: String
    }

    /// The table, by program name.
    public static let table: [String: Entry] = {
        var t: [String: Entry] = [:]
        let emacs = Entry(drawsVisualOrder: true,
                          reason: "Emacs reorders by itself on a text terminal (bidi-display-reordering, on by default since Emacs 24) and writes visual order")
        for name in ["emacs", "emacs-nox", "emacs-gtk", "emacs-lucid", "emacsclient", "emacs28", "emacs29", "emacs30"] {
            t[name] = emacs
        }
        t["fribidi"] = Entry(drawsVisualOrder: true, reason: "GNU FriBidi's command-line tool prints each line in visual order")
        t["bicon"] = Entry(drawsVisualOrder: true, reason: "bicon reorders and shapes every line for the terminal it runs in")
        t["bicon.bin"] = t["bicon"]
        t["rtl-tui"] = Entry(drawsVisualOrder: true, reason: "rtl-tui draws visual order itself and switches the terminal to explicit mode (BDSM)")
        t["rtl-tui-full"] = t["rtl-tui"]
        return t
    }()

    /// The entry for `name` (a process name or an executable's file name), if any.
    public static func entry(for name: String) -> Entry? {
        table[name]
    }

    /// Names of vim and its relatives, whose `rightleft` option draws visual order (R27).
    public static let vimFamily: Set<String> = ["vim", "vi", "nvim", "view", "vimdiff", "rvim", "rview", "vim.basic",
                                                "vim.tiny", "vim.nox", "vim.gtk3", "ex"]
}
