//===-- Transport.cpp - JSON-RPC 2.0 over a byte stream
//---------------------===//
#include "warplint/Lsp/Transport.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint::lsp {

/// A header line without its "\r\n" (or "\n"); false at the end of input.
bool Transport::readLine(std::string &Line) {
  Line.clear();
  for (;;) {
    int C = std::fgetc(In);
    if (C == EOF)
      return !Line.empty();
    if (C == '\n')
      break;
    Line.push_back(char(C));
    if (Line.size() > 4096) // no header is that long: skip the rest
      Line.resize(4096);
  }
  if (!Line.empty() && Line.back() == '\r')
    Line.pop_back();
  return true;
}

std::optional<Incoming> Transport::read() {
  std::string Line;
  std::optional<size_t> Length;
  bool Any = false;
  std::string BadLength;
  for (;;) {
    if (!readLine(Line))
      return std::nullopt;
    if (Line.empty()) {
      if (Any)
        break;
      continue; // blank lines between messages
    }
    Any = true;
    auto [Name, Value] = StringRef(Line).split(':');
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue;
    size_t N = 0;
    if (Value.trim().getAsInteger(10, N) || N > MaxMessageBytes)
      BadLength = Line;
    else
      Length = N;
  }
  if (!BadLength.empty() || !Length)
    return Incoming{std::nullopt,
                    !BadLength.empty()
                        ? "bad header '" + BadLength +
                              "' (a length of at most " +
                              std::to_string(MaxMessageBytes) + " bytes)"
                        : "a message without a Content-Length header"};
  std::string Body(*Length, '\0');
  if (*Length && std::fread(Body.data(), 1, *Length, In) != *Length)
    return std::nullopt; // the input ended inside a message
  Expected<json::Value> V = json::parse(Body);
  if (!V)
    return Incoming{std::nullopt, "not JSON: " + toString(V.takeError())};
  return Incoming{std::move(*V), ""};
}

void Transport::send(json::Value Message) {
  std::string Body;
  raw_string_ostream(Body) << Message;
  std::lock_guard<std::mutex> Lock(Writing);
  Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
  Out.flush();
}

void Transport::notify(StringRef Method, json::Value Params) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

void Transport::reply(const json::Value &Id, json::Value Result) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void Transport::replyError(const json::Value &Id, int Code, StringRef Message) {
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"id", Id},
      {"error", json::Object{{"code", Code}, {"message", Message}}}});
}

void Transport::request(const json::Value &Id, StringRef Method,
                        json::Value Params) {
  send(json::Object{{"jsonrpc", "2.0"},
                    {"id", Id},
                    {"method", Method},
                    {"params", std::move(Params)}});
}

} // namespace warplint::lsp
