import Dispatch
import Synchronization
import TestSupport
import XCTest
@testable import BidiTerm

/// Widgets and `RenderContext` are `Sendable`: one context (one engine, one truncation recorder)
/// used from several threads at once draws what it draws on one thread.
final class WidgetsSendableTests: WidgetTestCase {
    func test_oneContextDrawingOnSeveralThreadsAtOnce_drawsWhatOneThreadDraws() {
        let recorder = TruncationRecorder()
        let context = { var c = RenderContext(direction: .rtl); c.truncations = recorder; return c }()
        let screen: any Widget = Stack.vertical([
            .cells(1, Label("مرحبا بالعالم (Hello) 2024")),
            .fill(Paragraph("שלום עולם! התקשרו ל-03-1234567 (שלוחה 12) או בקרו ב-example.com.")),
            .cells(1, Label("a label far too long for the stack, cut at its logical end")),
        ])
        let expected = screen.rendered(width: 24, height: 6, context: context)
        let serial = recorder.truncations
        XCTAssertEqual(serial.count, 2, "the label and the paragraph are cut")
        let rounds = 40
        let results = Mutex<[Buffer]>([])
        DispatchQueue.concurrentPerform(iterations: rounds) { _ in
            let b = screen.rendered(width: 24, height: 6, context: context)
            results.withLock { $0.append(b) }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, rounds)
        XCTAssertEqual(all.filter { $0 != expected }.count, 0, "drawings that differ from the one drawn alone")
        // Every pass reported to the one recorder: the same records, the label's `…` once per drawing.
        XCTAssertEqual(recorder.truncations.map(\.text), serial.map(\.text))
        let label = recorder.truncations.first { $0.text.hasPrefix("a label") }
        XCTAssertEqual(label?.marks.count, (rounds + 1) * (serial.first { $0.text.hasPrefix("a label") }?.marks.count ?? 0))
    }

    func test_aSharedEngineReenteredFromItsOwnClosure_doesNotDeadlock() {
        let engine = BidiEngine()
        let width = engine.withAnalysis(of: "שלום abc", direction: .rtl) { _ in engine.width(of: "שלום") }
        XCTAssertEqual(width, 4)
    }
}
