/// Zero-padded decimal, `pad2(3, 2)` = "03".
@inline(__always) func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
