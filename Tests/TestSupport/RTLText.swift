/// The visual (screen) order of text written only in a right-to-left script and spaces: its
/// characters reversed. Independent of the engine, so expected rows and screens say what they
/// mean: `rtl("שלום")` is "םולש".
public func rtl(_ text: String) -> String { String(text.reversed()) }
