//===-- AnalysisTestSupport.h - The unit tests' way into the analysis -*- C++
//-*-===//
///
/// The one place where the unit tests of the Clang-side analysis (the
/// Lowering*Test, AccessDiscoveryTest, CudaModelsTest and HostValuesTest
/// files) reach its API. Each test hands a short CUDA snippet to one of
/// these functions and compares the string it returns; none of them names
/// a class of lib/Analysis. When the analysis changes its interface, only
/// AnalysisTestSupport.cpp changes, and the strings the tests expect stay.
///
/// Every snippet is parsed as CUDA (host side, sm_80) after
/// `#include <cuda.h>` (the mock test/Inputs/cuda.h). A snippet that
/// starts with a line break (a raw string `R"(` followed by a new line)
/// is parsed so that the line numbers the analysis gives in its reasons
/// count the line of `R"(` as line 1. A snippet that does not parse gives
/// "parse error: " and clang's first error.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_UNIT_ANALYSISTESTSUPPORT_H
#define WARPLINT_TEST_UNIT_ANALYSISTESTSUPPORT_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace warplint::test {

/// The shared-memory access on the line of Code that holds the comment
/// `// ACCESS` (the Nth of that line's, function by function, each in the
/// order accessesIn() lists them), lowered as the analysis lowers it for
/// its first run: through the first chain of calls from a kernel that
/// reaches its function, with the values the first launch shape of that
/// kernel gives the kernel's integer parameters (none without a launch).
///
/// Returns one of:
///   "<kind> <N> bytes: <address>[; guards: [...]][; loops: [...]]"
///       kind: load, store, load-store, atomic; " by <instruction>" after
///       the width for an asm instruction or a library copy, and
///       " (lanes 0..K)" where fewer than 32 lanes give addresses. The
///       address and the guards are model::ExprPool::str() of their nodes;
///       each guard is "when <c>" (c must hold) or "unless <c>" (c must
///       fail); each loop of the pool is
///       "<name>: from <init> while <cond> next <next>", with
///       "while ?" for a condition not followed, "do ... while" for a
///       condition tested after the body, and " (group of <first>)" for a
///       variable stepped with another one of the same source loop.
///   "unknown: <the precise reason>"   the lowering failed in every run
///                                     (the reason of the first), or the
///                                     access cannot be analysed whatever
///                                     its address (a WMMA tile);
///   "not shared"                      the lowering found the object in
///                                     other memory (and gave no reason);
///   "no access on the marked line"    discovery lists none there (also:
///                                     no marker, Nth too large).
std::string lowered(llvm::StringRef Code, unsigned Nth = 0);

/// Every access the discovery rules report in the device function named
/// Function (warplint::functionName: "k", "f<4>", "ns::g"), one per line
/// in their order:
///   "<kind> <text> <N> bytes[ by <instruction>][ lanes 0..K]
///    [ offset <O>][ of <root>][ (shared by contract)][ tile: <rows>]
///    [: <why it cannot be analysed>]"
/// where text is the access as written (the source of the object, pointer
/// or operand; the loop variable of a range-based for; the call of a
/// library copy), root the __shared__ variable when the path to it needs
/// no call context. "none" when it lists none; "no function <Function>
/// (there are: ...)" when there is no such function.
std::string accessesIn(llvm::StringRef Code, llvm::StringRef Function);

/// The value the host-side evaluator gives the argument of the first call
/// `probe(<expr>)` in Code (in a host function), with no assumptions:
/// "<decimal value>", or "unknown" when the evaluator does not know it.
std::string hostInt(llvm::StringRef Code);

/// The block shapes host code launches kernel Kernel with (its
/// functionName), in the order the analysis finds them, after binding host
/// parameters along the chains of calls that reach each launch, taking
/// each arm of an undecided `?:`, each element of a constant array and
/// the path facts around the launch: "XxYxZ" each, joined by "; ", each
/// followed by " (a, b, ...)" with the values the launch gives the kernel's
/// parameters ("?" for one it does not fix) when the kernel has any.
/// "none" when no launch gives the kernel a shape.
std::string launchShapes(llvm::StringRef Code, llvm::StringRef Kernel);

/// Why the analysis assumes its default block for kernel Kernel: the
/// reason the launches of Code give it no shape; "launched" when one
/// does, "no launch" when there is none.
std::string whyNoShape(llvm::StringRef Code, llvm::StringRef Kernel);

/// Every integer expression of Code's own functions (template patterns
/// left out) asked of ValueEngine::constantOf, parents before their
/// operands as the lowering asks, against clang's own folding
/// (Expr::EvaluateAsInt, no side effects): "<line>: <expression>: <what
/// constantOf gives> (clang: <value or 'no'>)" for each that differs, one
/// per line; "agree (<N> expressions, <K> constants)" when none does.
std::string constantsAgainstClang(llvm::StringRef Code);

} // namespace warplint::test

#endif // WARPLINT_TEST_UNIT_ANALYSISTESTSUPPORT_H
