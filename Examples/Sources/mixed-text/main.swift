import BidiTerm

// Prints each argument (or a few built-in lines) reordered for a terminal that does no bidi of its
// own: wrapped to 40 columns, Arabic joined, digits and brackets in place.
let lines = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : [
    "مرحبا بالعالم! هذا نص عربي فيه (أقواس) وأرقام 2024 واسم GitHub.",
    "שלום עולם! התקשרו ל-03-1234567 (שלוחה 12).",
    "English stays as it is.",
]
let engine = BidiEngine()
for text in lines {
    let layout = engine.layout(text, direction: .autoLTR, width: 40)
    for line in layout.lines { print(line.text) }
}
