//===-- ToolOptions.h - The warplint command line ---------------*- C++ -*-===//
#ifndef WARPLINT_TOOL_TOOLOPTIONS_H
#define WARPLINT_TOOL_TOOLOPTIONS_H

#include "warplint/Output/Format.h"
#include "warplint/Pipeline/Settings.h"
#include "llvm/Support/CommandLine.h"
#include <string>

namespace warplint::tool {

extern llvm::cl::OptionCategory Category;
extern llvm::cl::list<std::string> Files;
extern llvm::cl::opt<std::string> ChecksOpt;
extern llvm::cl::opt<bool> ListChecks;
extern llvm::cl::opt<unsigned> Jobs;
extern llvm::cl::opt<bool> Progress;
extern llvm::cl::opt<bool> NoProgress;
extern llvm::cl::opt<bool> Summary;
extern llvm::cl::opt<unsigned> ExplainWidth;
extern llvm::cl::opt<std::string> FormatOpt;
extern llvm::cl::opt<std::string> FailOnOpt;
extern llvm::cl::opt<std::string> WarningsAsErrorsOpt;
extern llvm::cl::opt<std::string> ConfigOpt;
extern llvm::cl::opt<bool> NoConfig;
extern llvm::cl::opt<std::string> BaselineOpt;
extern llvm::cl::opt<bool> NoBaseline;
extern llvm::cl::opt<std::string> WriteBaselineOpt;
extern llvm::cl::opt<std::string> UpdateBaselineOpt;
extern llvm::cl::opt<std::string> OutputOpt;
extern llvm::cl::opt<std::string> ArchOpt;
extern llvm::cl::opt<std::string> BuildPath;
extern llvm::cl::opt<std::string> ProjectIndexPath;
extern llvm::cl::opt<std::string> WriteProjectIndex;
extern llvm::cl::opt<std::string> ProjectCacheDir;
extern llvm::cl::opt<std::string> PchCacheDir;
extern llvm::cl::opt<std::string> CudaPath;
extern llvm::cl::list<std::string> CheckOptions;
extern llvm::cl::list<std::string> ExtraArgs;
extern llvm::cl::opt<std::string> BlockDimOpt;
extern llvm::cl::list<std::string> PtxasReports;
extern llvm::cl::opt<bool> PtxasReportPending;
extern llvm::cl::opt<std::string> StatusFile;
extern llvm::cl::opt<bool> RunPtxas;
extern llvm::cl::opt<bool> DumpSharedAccesses;
extern llvm::cl::opt<bool> Verbose;
extern llvm::cl::opt<bool> PrintPluginPath;
extern llvm::cl::opt<bool> PrintTidyModulePath;
extern const char Overview[];

/// What the command line says, as the pipeline takes it, with the ptxas
/// reports read (their damaged lines said on standard error); a usage error
/// when an option is wrong or two contradict each other.
llvm::Expected<Arguments> arguments(Options &Base);

/// --format.
llvm::Expected<OutputFormat> outputFormat();

} // namespace warplint::tool

#endif // WARPLINT_TOOL_TOOLOPTIONS_H
