//===-- InputFile.cpp - Reading the user's input files, bounded -----------===//
#include "warplint/Core/InputFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace warplint {

std::string byteSize(uint64_t Bytes) {
  if (Bytes >= (1u << 20) && Bytes % (1u << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  if (Bytes >= (1u << 10) && Bytes % (1u << 10) == 0)
    return std::to_string(Bytes >> 10) + " KiB";
  return std::to_string(Bytes) + " bytes";
}

static std::string systemReason(int Errno) {
  return std::error_code(Errno, std::generic_category()).message();
}

/// What a file that is not a regular one is, for the message.
static std::string notRegular(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "is a directory";
  const char *Kind = S_ISFIFO(Mode)   ? "a FIFO"
                     : S_ISCHR(Mode)  ? "a character device"
                     : S_ISBLK(Mode)  ? "a block device"
                     : S_ISSOCK(Mode) ? "a socket"
                                      : "not a file";
  return std::string("not a regular file (") + Kind + ")";
}

/// Opens Path for reading without blocking on a FIFO, and refuses what is
/// not a regular file. -1 with Why set when it cannot be read.
static int openRegular(StringRef Path, std::string &Why, struct stat &St) {
  std::string P = Path.str();
  int FD;
  do
    FD = ::open(P.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (FD < 0 && errno == EINTR);
  if (FD < 0) {
    Why = systemReason(errno);
    return -1;
  }
  if (::fstat(FD, &St) != 0) {
    Why = systemReason(errno);
    ::close(FD);
    return -1;
  }
  if (!S_ISREG(St.st_mode)) {
    Why = notRegular(St.st_mode);
    ::close(FD);
    return -1;
  }
  return FD;
}

std::string unreadableReason(StringRef Path) {
  std::string Why;
  struct stat St;
  int FD = openRegular(Path, Why, St);
  if (FD >= 0)
    ::close(FD);
  return Why;
}

/// Reads FD to its end, or to one byte past MaxBytes.
static Expected<std::string> readBounded(int FD, uint64_t MaxBytes,
                                         StringRef What) {
  auto TooLarge = [&] {
    return createStringError("larger than the " + byteSize(MaxBytes) +
                             " limit for " + What.str());
  };
  std::string Text;
  char Chunk[1 << 16];
  while (true) {
    ssize_t N = ::read(FD, Chunk, sizeof(Chunk));
    if (N < 0) {
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        // Standard input made non-blocking by someone else: wait for it.
        fd_set Set;
        FD_ZERO(&Set);
        FD_SET(FD, &Set);
        ::select(FD + 1, &Set, nullptr, nullptr, nullptr);
        continue;
      }
      return createStringError(systemReason(errno));
    }
    if (N == 0)
      return Text;
    if (Text.size() + N > MaxBytes)
      return TooLarge();
    Text.append(Chunk, N);
  }
}

Expected<std::string> readInputFile(StringRef Path, uint64_t MaxBytes,
                                    StringRef What, bool AllowStdin) {
  if (AllowStdin && Path == "-")
    return readBounded(STDIN_FILENO, MaxBytes, What);
  std::string Why;
  struct stat St;
  int FD = openRegular(Path, Why, St);
  if (FD < 0)
    return createStringError(Why);
  if (St.st_size > 0 && uint64_t(St.st_size) > MaxBytes) {
    ::close(FD);
    return createStringError("larger than the " + byteSize(MaxBytes) +
                             " limit for " + What.str() + " (" +
                             std::to_string(St.st_size) + " bytes)");
  }
  Expected<std::string> Text = readBounded(FD, MaxBytes, What);
  ::close(FD);
  return Text;
}

} // namespace warplint
