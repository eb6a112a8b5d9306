//===-- ScratchDir.h - A temporary directory for unit tests -----*- C++ -*-===//
#ifndef WARPLINT_TEST_UNIT_SCRATCHDIR_H
#define WARPLINT_TEST_UNIT_SCRATCHDIR_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <string>

namespace warplint::test {

/// A directory of its own under the system's temporary directory, removed
/// with everything in it at the end.
class ScratchDir {
public:
  llvm::SmallString<128> Path;

  explicit ScratchDir(llvm::StringRef Prefix = "warplint-test") {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory(Prefix, Path));
  }
  ~ScratchDir() { llvm::sys::fs::remove_directories(Path); }

  /// The path of Name in it.
  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<128> P(Path);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  /// Writes Text to Name (executable by all when asked) and returns its
  /// path.
  std::string write(llvm::StringRef Name, llvm::StringRef Text,
                    bool Executable = false) const {
    std::string P = path(Name);
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(P, EC);
      EXPECT_FALSE(EC) << P << ": " << EC.message();
      OS << Text;
    }
    if (Executable)
      llvm::sys::fs::setPermissions(P, llvm::sys::fs::all_exe |
                                           llvm::sys::fs::owner_read |
                                           llvm::sys::fs::owner_write);
    return P;
  }
};

/// The text of the file at Path, or "(unreadable)".
inline std::string readText(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : "(unreadable)";
}

} // namespace warplint::test

#endif // WARPLINT_TEST_UNIT_SCRATCHDIR_H
