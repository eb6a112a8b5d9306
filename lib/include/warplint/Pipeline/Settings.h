//===-- Settings.h - What applies to each file, decided once ----*- C++ -*-===//
///
/// Every front end turns its own arguments (the tool's command line, the
/// plugin's -fplugin-arg-warplint-*) into Arguments; Settings validates them
/// once and then gives each file what applies to it: the arguments over the
/// nearest .warplint.yaml (what the arguments set wins), its severity
/// policy and its baseline. The front ends differ only in how they show a
/// problem: the tool stops with a usage error (strict), the plugin warns
/// and goes on without what it could not read (lenient), since it must not
/// break a build.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_SETTINGS_H
#define WARPLINT_PIPELINE_SETTINGS_H

#include "warplint/Core/Baseline.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/Options.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {

/// What a front end's arguments set; what is not set is left to the
/// configuration file, then to the defaults.
struct Arguments {
  std::optional<std::string> Checks;     ///< globs
  std::optional<std::string> Archs;      ///< "sm_80,sm_90"
  std::vector<std::string> CheckOptions; ///< "check.Option=value"
  std::optional<FailOn> Fail;
  std::optional<std::string> WarningsAsErrors; ///< globs, validated
  bool Werror = false;
  std::string ConfigFile; ///< for every file instead of the nearest one
  bool NoConfig = false;
  std::string BaselineFile; ///< instead of the configuration's Baseline
  /// Ignore the configuration's Baseline (--no-baseline, and while writing
  /// one: a baseline being written reports nothing).
  bool NoConfigBaseline = false;
};

/// What applies to one file.
struct FileSettings {
  Options Opts;
  std::string ConfigPath;       ///< the configuration file applied, if any
  std::string WarningsAsErrors; ///< globs
  FailOn Fail = FailOn::Warning;
  bool Werror = false;
  /// The baseline whose findings are not reported (absolute), or "".
  std::string BaselinePath;
  /// The warnings of the configuration file (FileConfig::Warnings), the
  /// first time forFile applies it: a front end says them once.
  std::vector<std::string> ConfigWarnings;
};

class Settings {
public:
  /// Validates A: its checks, architectures and check options are usage
  /// errors when wrong. Base holds what a front end set beforehand (ptxas
  /// reports, say); A's settings are applied over it.
  static llvm::Expected<Settings> create(const Arguments &A,
                                         Options Base = Options());

  /// The options of the arguments alone.
  const Options &base() const { return Base; }

  /// What applies to File. Strict (Ignored null): an unreadable or invalid
  /// configuration file or baseline is an error. Lenient: each becomes a
  /// line of Ignored ("ignoring ...") and File gets what could be read.
  llvm::Expected<FileSettings>
  forFile(llvm::StringRef File, std::vector<std::string> *Ignored = nullptr);

  /// The baselines forFile read, by absolute path; a front end takes the
  /// reported findings out of them.
  std::map<std::string, Baseline> &baselines() { return Baselines; }

private:
  Arguments Args;
  Options Base;
  CommandLineSet Given;
  std::optional<FileConfig> Forced; ///< Args.ConfigFile, read once
  /// The nearest configuration of each directory, read once.
  llvm::StringMap<std::optional<FileConfig>> ByDir;
  std::map<std::string, Baseline> Baselines;
  std::set<std::string>
      Warned; ///< configuration files whose warnings were given

  llvm::Expected<const FileConfig *> configFor(llvm::StringRef File);
};

} // namespace warplint

#endif // WARPLINT_PIPELINE_SETTINGS_H
