//===-- PtxasReport.h - What ptxas says about each function -----*- C++ -*-===//
///
/// A parser of the resource report of `nvcc -Xptxas -v`, `nvcc
/// --resource-usage` and `ptxas -v`: per function and target architecture,
/// the registers, barriers, shared and constant memory, stack frame and
/// spills. Mangled names are demangled, so that each entry maps to its kernel
/// and template instantiation. Lines it does not know (ptxas errors and
/// warnings, a compiler's other output, garbage) are kept as diagnostics with
/// their line numbers; parsing never stops at them.
///
/// LLVM Support and Demangle only (library warplintPtxas); the fixtures of
/// test/ptxas are real nvcc 13 output.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PTXAS_PTXASREPORT_H
#define WARPLINT_PTXAS_PTXASREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warplint::ptxas {

/// Constant banks, cmem[N]: (N, bytes) in the order printed.
using CmemBanks = std::vector<std::pair<unsigned, uint64_t>>;

struct Function {
  std::string Mangled;      ///< as printed: "_Z5saxpyfPKfPfi", "reduce_sum"
  std::string Demangled;    ///< "saxpy(float, float const*, float*, int)"
  std::string Name;         ///< qualified, with template arguments:
                            ///< "math::fibs<4>", "saxpy", "reduce_sum"
  std::string BaseName;     ///< Name without template arguments: "math::fibs"
  std::string TemplateArgs; ///< "<4>", empty for a non-template
  std::string Arch;         ///< "sm_80"; empty when the report does not say
  bool IsKernel = false;    ///< a "Compiling entry function" (a __global__)
  unsigned Line = 0;        ///< 1-based line of its first mention
  /// The report has another, different entry of the same function for the
  /// same architecture (an Error diagnostic says so): neither is to be used.
  bool Contradicted = false;

  std::optional<unsigned> Registers, Barriers;
  std::optional<uint64_t> StackFrame, SpillStores, SpillLoads;
  std::optional<uint64_t> Smem, Lmem, CumulativeStack;
  CmemBanks Cmem;
  std::optional<double> CompileTimeMs;
  /// Read from an object only (CudaObject.h): the thread limit of its
  /// __launch_bounds__ (x*y*z), and the register limit ptxas compiled it to
  /// (255 when nothing limits it).
  std::optional<uint64_t> MaxThreads;
  std::optional<unsigned> MaxRegisters;
};

/// One compiled module: each target of a multi -gencode build prints its
/// own, starting with the "N bytes gmem" line.
struct Module {
  std::string Arch; ///< of its first entry function
  uint64_t Gmem = 0;
  CmemBanks Cmem;
  unsigned Line = 0;
};

struct Diagnostic {
  enum Kind { Error, Warning, Note, Unrecognized };
  Kind K = Unrecognized;
  unsigned Line = 0;
  std::string Message;
  static llvm::StringRef kindName(Kind K);
};

struct Report {
  std::vector<Function> Functions;
  std::vector<Module> Modules;
  /// ptxas errors and warnings, its informational notes (maxrregcount
  /// overrides) and every line the parser does not know.
  std::vector<Diagnostic> Diagnostics;

  unsigned count(Diagnostic::Kind K) const;
  /// The function called Name (mangled, qualified or qualified with
  /// template arguments) compiled for Arch (any, if empty); the first one.
  const Function *find(llvm::StringRef Name, llvm::StringRef Arch = "") const;
};

/// Parses the text. Fails only when the text holds no line the parser
/// understands (an empty file, another tool's output, garbage); every other
/// problem is a Diagnostic of the Report: Error for ptxas's errors and for
/// lines that show the report damaged or cut short, Unrecognized for lines
/// it does not know, which are harmless.
llvm::Expected<Report> parseReport(llvm::StringRef Text);

/// What a front end must say about the report File, whose text is Text:
/// nothing for a sound one. Unusable when it is not a ptxas report at all
/// (Lines then holds "'FILE' is not a ptxas report: ..."); otherwise one line
/// per error, "FILE:LINE: MESSAGE", at most MaxLines of them, then
/// "FILE: N more errors".
struct ReportProblems {
  bool Unusable = false;
  unsigned Errors = 0;
  std::vector<std::string> Lines;
};
ReportProblems reportProblems(llvm::StringRef File, llvm::StringRef Text,
                              unsigned MaxLines = 5);

/// Marks the functions the report holds twice for one architecture with
/// different resources as Contradicted, with an Error diagnostic for each.
void markContradictions(Report &R);

/// Splits a mangled name into the Function's name fields; extern "C" and
/// undemanglable names are their own name.
void demangleInto(Function &F);

} // namespace warplint::ptxas

#endif // WARPLINT_PTXAS_PTXASREPORT_H
