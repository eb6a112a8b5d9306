//===-- InputFile.h - Reading the user's input files, bounded ----*- C++
//-*-===//
//
// Every file warplint reads because the user named it (a ptxas report, a
// baseline, a .warplint.yaml, a compilation database, an nvcc options file)
// is read through readInputFile: only a regular file (or standard input,
// "-", where the caller allows it), opened so that a FIFO cannot block, and
// no larger than a cap per kind of file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_INPUTFILE_H
#define WARPLINT_CORE_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>

namespace warplint {

/// The caps (docs/design.md, "Hostile input").
inline constexpr uint64_t MaxReportBytes = 64u << 20; ///< ptxas reports
inline constexpr uint64_t MaxObjectBytes = 1u
                                           << 30; ///< CUDA objects (--object)
inline constexpr uint64_t MaxBaselineBytes = 64u << 20;   ///< baselines
inline constexpr uint64_t MaxConfigBytes = 1u << 20;      ///< .warplint.yaml
inline constexpr uint64_t MaxDatabaseBytes = 512u << 20;  ///< compile_commands
inline constexpr uint64_t MaxOptionsFileBytes = 1u << 20; ///< nvcc -optf
/// A source file read by the tool itself (for nvcc's launch spelling).
inline constexpr uint64_t MaxSourceBytes = 512u << 20;

/// "64 MiB", "512 KiB", "100 bytes".
std::string byteSize(uint64_t Bytes);

/// The text of Path, at most MaxBytes of it. The error says why not, without
/// the path (callers put it where their messages have it): the system's
/// reason ("No such file or directory", "Too many levels of symbolic
/// links"), "is a directory", "not a regular file (a FIFO)", or "larger
/// than the N MiB limit for WHAT". With AllowStdin, "-" reads standard
/// input, with the same cap.
llvm::Expected<std::string> readInputFile(llvm::StringRef Path,
                                          uint64_t MaxBytes,
                                          llvm::StringRef What,
                                          bool AllowStdin = false);

/// Why Path cannot be read as a regular file, without reading it: the
/// reason as readInputFile gives it, or an empty string when it can be
/// opened. Does not block on a FIFO.
std::string unreadableReason(llvm::StringRef Path);

} // namespace warplint

#endif // WARPLINT_CORE_INPUTFILE_H
