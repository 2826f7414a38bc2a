// libFuzzer's own main() cannot be the entry point here: SwiftPM links every Swift executable with
// `--defsym main=<Module>_main`, so this file is the entry point and hands control to libFuzzer's
// driver, which parses the usual libFuzzer flags and calls LLVMFuzzerTestOneInput (Fuzz.swift).

import Foundation

@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, { fuzz($0, $1) }))
