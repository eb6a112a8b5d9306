-- nvim-attached.lua: after an init file has set up the language servers,
-- waits (at most WARPLINT_NVIM_TIMEOUT seconds, default 60) until the
-- buffer nvim opened has the clients WARPLINT_NVIM_CLIENTS names (separated
-- by spaces; default "warplint") and warplint's diagnostics have arrived,
-- then prints the clients attached to it ("client NAME", sorted)
-- and warplint's diagnostics ("warplint L:C CODE"). Exits 1 with TIMEOUT
-- or ERROR on the way.
local timeout_ms = 1000 * tonumber(os.getenv('WARPLINT_NVIM_TIMEOUT') or '60')
local bufnr = vim.api.nvim_get_current_buf()

local function out(s)
  io.stdout:write(s, '\n')
  io.stdout:flush()
end

local function warplint()
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if c.name == 'warplint' then
      return c
    end
  end
end

local function diagnostics()
  local c = warplint()
  if not c then
    return {}
  end
  return vim.diagnostic.get(bufnr, { namespace = vim.lsp.diagnostic.get_namespace(c.id) })
end

local wanted = vim.split(os.getenv('WARPLINT_NVIM_CLIENTS') or 'warplint', ' ', { trimempty = true })

local function all_attached()
  local have = {}
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    have[c.name] = true
  end
  for _, name in ipairs(wanted) do
    if not have[name] then
      return false
    end
  end
  return true
end

local ok = vim.wait(timeout_ms, function()
  return all_attached() and #diagnostics() > 0
end, 20)
if not ok then
  out('TIMEOUT waiting for the clients ' .. table.concat(wanted, ' ') .. ' and warplint\'s diagnostics')
  vim.cmd('cquit 1')
end
out('filetype ' .. vim.bo[bufnr].filetype)
local names = {}
for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
  table.insert(names, c.name)
end
table.sort(names)
for _, n in ipairs(names) do
  out('client ' .. n)
end
for _, d in ipairs(diagnostics()) do
  out(string.format('warplint %d:%d %s', d.lnum + 1, d.col + 1, tostring(d.code)))
end
vim.cmd('qall!')
