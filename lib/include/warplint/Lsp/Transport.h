//===-- Transport.h - JSON-RPC 2.0 over a byte stream, as LSP frames it -*-===//
///
/// The Language Server Protocol's base protocol: each message is a header
/// part ("Content-Length: N", other headers ignored) ended by an empty line,
/// then N bytes of JSON. LLVM Support only, so that it is unit-tested on
/// strings.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LSP_TRANSPORT_H
#define WARPLINT_LSP_TRANSPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace warplint::lsp {

/// JSON-RPC's error codes, and LSP's.
enum ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
  ContentModified = -32801,
};

/// The largest message read (a whole source file fits many times over): a
/// longer Content-Length is refused rather than allocated.
inline constexpr size_t MaxMessageBytes = 256u << 20;

/// One message read: its JSON, or what was wrong with it.
struct Incoming {
  std::optional<llvm::json::Value> Json;
  /// Why the message could not be read (bad header, bad JSON); the stream
  /// goes on with the next message.
  std::string Problem;
};

/// Reads messages from In and writes them to Out; writes from several
/// threads are whole messages, one at a time.
class Transport {
public:
  Transport(std::FILE *In, llvm::raw_ostream &Out) : In(In), Out(Out) {}

  /// The next message; std::nullopt at the end of the input.
  std::optional<Incoming> read();

  void notify(llvm::StringRef Method, llvm::json::Value Params);
  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, int Code,
                  llvm::StringRef Message);
  /// A request from the server to the client (its answer is read as any
  /// message, by Id).
  void request(const llvm::json::Value &Id, llvm::StringRef Method,
               llvm::json::Value Params);

private:
  std::FILE *In;
  llvm::raw_ostream &Out;
  std::mutex Writing;
  void send(llvm::json::Value Message);
  bool readLine(std::string &Line);
};

} // namespace warplint::lsp

#endif // WARPLINT_LSP_TRANSPORT_H
