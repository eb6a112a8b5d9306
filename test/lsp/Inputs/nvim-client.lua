-- nvim-client.lua: Neovim's built-in LSP client (0.7 and later) driving
-- `warplint lsp` on one file, as an editor user would, for test/lsp/nvim.test.
--
--   WARPLINT_LSP='/path/warplint lsp --no-config ...' \
--     nvim --headless --clean -u NONE -c 'luafile nvim-client.lua' -- FILE.cu
--
-- WARPLINT_LSP is the server's command, split at white space. PATTERN
-- (WARPLINT_NVIM_PATTERN, default the transpose's column read) picks the
-- access that is hovered and whose quick fix is applied. Steps, each printed
-- to standard output:
--   1. start the client on the buffer nvim opened; wait for its diagnostics
--      (vim.diagnostic.get): "diag L:C CODE: MESSAGE", 1-based
--   2. the inlay hints of the whole buffer (0.7 shows none itself, so they
--      are requested): "hint L:C LABEL"
--   3. vim.lsp.buf.hover() on PATTERN: the lines of the floating window it
--      opens, "hover| LINE"; then on each pattern of WARPLINT_NVIM_HOVER
--      (separated by ' ;; '), after "hover on: PATTERN"
--   4. the code actions of PATTERN's line: "action TITLE"; the one whose
--      title starts "Padding" is applied with apply_workspace_edit (nvim then
--      sends the change), and the diagnostics are printed again once the
--      server has published those of the new text, and the inlay hints
-- Every wait is bounded (WARPLINT_NVIM_TIMEOUT seconds, default 60): on a
-- timeout or an error the script prints "TIMEOUT ..." or "ERROR ..." and
-- nvim exits with status 1; else 0.

local timeout_ms = 1000 * tonumber(os.getenv('WARPLINT_NVIM_TIMEOUT') or '60')
local pattern = os.getenv('WARPLINT_NVIM_PATTERN')
  or 'tile[threadIdx.x][threadIdx.y + j]'

local function out(s)
  io.stdout:write(s, '\n')
  io.stdout:flush()
end

local function fail(what)
  error({ reported = what }, 0)
end

-- Waits until cond() is true; fails the script after the timeout.
local function wait_for(what, cond)
  if not vim.wait(timeout_ms, cond, 20) then
    fail('TIMEOUT waiting for ' .. what)
  end
end

local function print_diagnostics(bufnr)
  local diags = vim.diagnostic.get(bufnr)
  table.sort(diags, function(a, b)
    if a.lnum ~= b.lnum then
      return a.lnum < b.lnum
    end
    return a.col < b.col
  end)
  out(string.format('diagnostics: %d', #diags))
  for _, d in ipairs(diags) do
    out(string.format('diag %d:%d %s: %s', d.lnum + 1, d.col + 1,
      tostring(d.code), d.message))
  end
  return diags
end

-- The 0-based position of the first occurrence of text in the buffer.
local function find(bufnr, text)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local col = line:find(text, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  fail('ERROR: no "' .. text .. '" in the buffer')
end

local function request(client, bufnr, method, params)
  local reply, err = client.request_sync(method, params, timeout_ms, bufnr)
  if not reply then
    fail('TIMEOUT waiting for ' .. method .. ' (' .. tostring(err) .. ')')
  end
  if reply.err then
    fail('ERROR: ' .. method .. ': ' .. vim.inspect(reply.err))
  end
  return reply.result
end

local function print_hints(client, bufnr)
  local hints = request(client, bufnr, 'textDocument/inlayHint', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = 0, character = 0 },
      ['end'] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 },
    },
  }) or {}
  out(string.format('hints: %d', #hints))
  for _, h in ipairs(hints) do
    local label = h.label
    if type(label) == 'table' then
      local parts = {}
      for _, p in ipairs(label) do
        table.insert(parts, p.value)
      end
      label = table.concat(parts)
    end
    out(string.format('hint %d:%d %s', h.position.line + 1,
      h.position.character + 1, label))
  end
end

local function float_windows()
  local wins = {}
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(w).relative ~= '' then
      table.insert(wins, w)
    end
  end
  return wins
end

-- Counts the replies the client's handler of method gets, then calls it.
local function count_replies(client, method)
  local counter = { n = 0 }
  local handler = client.handlers[method] or vim.lsp.handlers[method]
  client.handlers[method] = function(...)
    counter.n = counter.n + 1
    return handler(...)
  end
  return counter
end

-- vim.lsp.buf.hover() at 0-based (line, col); prints the float's lines, or
-- "hover| (none)" when the server has no hover there.
local function hover(client, bufnr, line, col)
  local replies = count_replies(client, 'textDocument/hover')
  vim.api.nvim_win_set_cursor(0, { line + 1, col })
  vim.lsp.buf.hover()
  wait_for('the hover', function()
    return replies.n > 0
  end)
  local float = float_windows()[1]
  if not float then
    out('hover| (none)')
    return
  end
  local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false)
  for _, l in ipairs(lines) do
    out('hover| ' .. l)
  end
  vim.api.nvim_win_close(float, true)
end

local function run()
  local cmd = vim.split(os.getenv('WARPLINT_LSP') or '', '%s+', { trimempty = true })
  if #cmd == 0 then
    fail('ERROR: set WARPLINT_LSP to the server command')
  end
  local bufnr = vim.api.nvim_get_current_buf()
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    fail('ERROR: give the file to open: nvim ... -- FILE')
  end
  local client_id = vim.lsp.start_client({
    name = 'warplint',
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(path, ':h'),
  })
  if not client_id then
    fail('ERROR: the server did not start: ' .. table.concat(cmd, ' '))
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  -- 1. The findings of the file as opened.
  wait_for('the diagnostics', function()
    return #vim.diagnostic.get(bufnr) > 0
  end)
  out('server: ' .. client.name .. ', offset encoding ' .. client.offset_encoding)
  local before = print_diagnostics(bufnr)

  -- 2. The inlay hints.
  print_hints(client, bufnr)

  -- 3. Hover: the editor's own handler, which opens a floating window.
  local line, col = find(bufnr, pattern)
  hover(client, bufnr, line, col)
  for _, more in ipairs(vim.split(os.getenv('WARPLINT_NVIM_HOVER') or '', ' ;; ',
    { plain = true, trimempty = true })) do
    out('hover on: ' .. more)
    hover(client, bufnr, find(bufnr, more))
  end

  -- 4. The quick fix of PATTERN's line, applied as the editor applies it.
  local on_line = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = line })) do
    table.insert(on_line, d.user_data and d.user_data.lsp or d)
  end
  local actions = request(client, bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = line, character = col },
      ['end'] = { line = line, character = col },
    },
    context = { diagnostics = on_line },
  }) or {}
  local fix
  for _, a in ipairs(actions) do
    out(string.format('action [%s] %s', tostring(a.kind), a.title))
    if not fix and a.edit and a.title:find('^Padding') then
      fix = a
    end
  end
  if not fix then
    fail('ERROR: no "Padding ..." action with an edit')
  end
  local published = count_replies(client, 'textDocument/publishDiagnostics')
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  out('applied: ' .. fix.title)
  wait_for('the diagnostics after the fix', function()
    return published.n > 0
  end)
  for _, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if l:find('__shared__', 1, true) and l:find('tile', 1, true) then
      out('now: ' .. vim.trim(l))
      break
    end
  end
  local after = print_diagnostics(bufnr)
  print_hints(client, bufnr)
  out(string.format('diagnostics before %d, after %d', #before, #after))

  vim.lsp.stop_client(client_id)
  wait_for('the server to stop', function()
    return client.is_stopped()
  end)
end

local ok, err = pcall(run)
if ok then
  out('done')
  vim.cmd('qall!')
else
  out(type(err) == 'table' and err.reported or ('ERROR: ' .. tostring(err)))
  vim.cmd('cquit 1')
end
