//===-- Inputs.h - The files of a run and their compile commands -*- C++
//-*-===//
#ifndef WARPLINT_PIPELINE_INPUTS_H
#define WARPLINT_PIPELINE_INPUTS_H

#include "warplint/Output/Explain.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace warplint {

/// The command line with what follows "--" made clang's: it may start with
/// the compiler, as a build prints it, whose flags are translated (nvcc's,
/// as in a compilation database) or whose name is dropped (clang's). Argv
/// is left alone when "--" is followed by an option or a file, or by
/// another compiler. Storage keeps the strings the new Argv points into;
/// Dropped receives the nvcc flags left out.
void translateCompilerAfterDashDash(std::vector<const char *> &Argv,
                                    std::vector<std::string> &Storage,
                                    std::vector<std::string> *Dropped);

/// The compilation database of a run: the one in BuildPath (-p), else
/// Fixed (the command after "--"), else one found above the first file,
/// else none (each file parsed alone). With -p and no Files, Files becomes
/// every .cu file of the database. Errors are usage errors.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
chooseCompilationDatabase(
    llvm::StringRef BuildPath,
    std::unique_ptr<clang::tooling::CompilationDatabase> Fixed,
    std::vector<std::string> &Files);

/// `warplint explain FILE:LINE[:COL]`: the place asked about.
struct ExplainTarget {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0; ///< 0: the whole line
};
llvm::Expected<ExplainTarget> parseExplainTarget(llvm::StringRef Spec);

/// The accesses of Accesses at T: on its line; with a column, the one
/// that starts closest before it.
std::vector<const SharedAccessInfo *>
accessesAt(const ExplainTarget &T,
           llvm::ArrayRef<const SharedAccessInfo *> Accesses);

} // namespace warplint

#endif // WARPLINT_PIPELINE_INPUTS_H
