//===-- Config.h - .warplint.yaml, found upward from a source file -*- C++
//-*-===//
///
/// A project configures warplint with a `.warplint.yaml` file, found like
/// `.clang-tidy`: the nearest one in the analysed file's directory or above
/// wins. Every key is optional and the command line overrides it:
///
///   Checks: '-*,warplint-bank-conflict'   # clang-tidy style globs
///   Archs: [sm_80, sm_90]                 # or 'sm_80,sm_90'
///   MinOccupancy: 0.4                     # warplint-occupancy.MinOccupancy
///   BlockDim: '32,8'                      # warplint-bank-conflict.BlockDim
///   WarningsAsErrors: 'warplint-block-size'   # these checks report errors
///   FailOn: warning                       # warning | error | never
///   Werror: true                          # plugin and launcher fail the build
///   Baseline: warplint-baseline.json      # relative to this file
///   CheckOptions:
///     warplint-block-size.LaunchBounds: false
///
/// Unknown keys, wrong types and bad values are errors that name the file,
/// line and column: a configuration that is silently ignored is worse than
/// none.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_CONFIG_H
#define WARPLINT_CORE_CONFIG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

struct Options;

/// When the tool's exit status (and, with Werror, the build) fails.
enum class FailOn { Warning, Error, Never };
std::optional<FailOn> parseFailOn(llvm::StringRef S);

/// The contents of one .warplint.yaml. Absent keys stay unset.
struct FileConfig {
  std::string Path; ///< the file it was read from, absolute ("" if parsed text)
  std::optional<std::string> Checks;
  std::optional<std::vector<std::string>> Archs; ///< validated, "sm_XY"
  std::optional<std::string> WarningsAsErrors;   ///< validated glob list
  std::optional<FailOn> FailOnLevel;
  std::optional<bool> Werror;
  std::optional<std::string> Baseline; ///< made absolute against Path's dir
  /// "check.Option" -> value, MinOccupancy and BlockDim included, in file
  /// order; each one was validated by Options::setCheckOption.
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  /// What was read but names nothing ("PATH:LINE:COL: 'x' names no warplint
  /// check; did you mean ...?"): warnings, the rest of the file applies.
  std::vector<std::string> Warnings;
};

/// The name warplint looks for.
inline constexpr llvm::StringLiteral ConfigFileName = ".warplint.yaml";

/// Parses the text of a .warplint.yaml; Path is used in messages and to
/// resolve Baseline.
llvm::Expected<FileConfig> parseConfig(llvm::StringRef Text,
                                       llvm::StringRef Path);

/// Reads and parses one file.
llvm::Expected<FileConfig> readConfigFile(llvm::StringRef Path);

/// The deepest nesting of brackets and braces warplint parses in a JSON or
/// YAML file (its parsers recurse once per level: a hostile file nested
/// 50,000 levels deep would overflow the stack of the compiler that loads
/// the plugin).
inline constexpr unsigned MaxNesting = 256;

/// "line L: ..." when Text nests `[` and `{` (outside quoted strings)
/// deeper than MaxNesting; std::nullopt otherwise.
std::optional<std::string> tooDeeplyNested(llvm::StringRef Text);

/// The nearest .warplint.yaml in the directory of SourceFile or above
/// (SourceFile made absolute first), or std::nullopt when there is none. An
/// unreadable or invalid file is an error, not "no config".
llvm::Expected<std::optional<FileConfig>>
findConfigFor(llvm::StringRef SourceFile);

/// Applies the file's Checks, Archs and check options to O. Settings the
/// command line gave explicitly win: pass which ones it gave.
struct CommandLineSet {
  bool Checks = false;
  bool Archs = false;
  /// check option keys given with --check-option
  std::vector<std::string> CheckOptionKeys;
};
llvm::Error applyConfig(const FileConfig &C, Options &O,
                        const CommandLineSet &Given);

} // namespace warplint

#endif // WARPLINT_CORE_CONFIG_H
