//===-- ProjectIndex.h - The calls that cross translation units -*- C++ -*-===//
///
/// The build as one program: what each translation unit's host code calls in
/// another one, with the integer argument values it gives where they are
/// known (`reduce<float>(n, threads, ...)` in main.cpp, its definition in
/// reduce.cu). A run over a compilation database (the tool's `-p`) collects
/// it from every file; a file whose launches depend on the parameters of a
/// function no call in the file reaches is then analysed again, that
/// function's parameters taken from each call of the index (the analysis
/// side: LaunchShapes). Functions are named by their linkage (mangled)
/// name, the same in every translation unit of a build.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_PROJECTINDEX_H
#define WARPLINT_CORE_PROJECTINDEX_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One call of a function defined in another translation unit (or one way
/// it is made: one chain of calls to it in its own file).
struct ProjectCall {
  std::string Callee; ///< the linkage name of the function called
  std::string Name;   ///< as a reader knows it ("reduce<float>")
  std::string File;   ///< where the call is
  unsigned Line = 0;
  /// The argument values by position: those of integer type the caller
  /// fixes; nullopt for the others.
  std::vector<std::optional<int64_t>> Args;

  bool operator<(const ProjectCall &O) const;
  bool operator==(const ProjectCall &O) const;
};

/// Calls as the index's JSON writes them, and back (an error names the
/// first call that is not one).
llvm::json::Array callsToJSON(llvm::ArrayRef<ProjectCall> Calls);
llvm::Expected<std::vector<ProjectCall>>
callsFromJSON(const llvm::json::Array &Calls);

class ProjectIndex {
public:
  /// Adds Calls, each once.
  void add(std::vector<ProjectCall> Calls);
  /// The calls of the function named Callee (linkage name).
  llvm::ArrayRef<ProjectCall> callsOf(llvm::StringRef Callee) const;
  bool empty() const { return ByCallee.empty(); }
  size_t size() const;

  /// The index as JSON ({"version": 1, "calls": [...]}), and back.
  std::string toJSON() const;
  static llvm::Expected<ProjectIndex> fromJSON(llvm::StringRef Text);
  /// Reads an index written by toJSON (a bounded read, as every input).
  static llvm::Expected<ProjectIndex> read(llvm::StringRef Path);

private:
  std::map<std::string, std::vector<ProjectCall>, std::less<>> ByCallee;
};

} // namespace warplint

#endif // WARPLINT_CORE_PROJECTINDEX_H
