-- Neovim 0.7: clangd and warplint on every CUDA and C++ buffer. From
-- "local servers" to the autocmd's end, this is docs/editors.md's set-up
-- (test/lsp/nvim-beside-clangd.test compares them).
local servers = {
  clangd = { 'clangd' },
  warplint = { 'warplint', 'lsp' },
}
local clients = {} -- one client per server and project

-- The project: the nearest directory above the file with a
-- compile_commands.json (or a .git), else the file's own directory.
local function root(bufnr)
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  for _, marker in ipairs({ 'compile_commands.json', '.git' }) do
    local found = vim.fn.findfile(marker, dir .. ';')
    if found == '' then
      found = vim.fn.finddir(marker, dir .. ';')
    end
    if found ~= '' then
      return (vim.fn.fnamemodify(found, ':p:h'):gsub('/%.git/?$', ''))
    end
  end
  return dir
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'cuda', 'cpp' },
  callback = function(args)
    local dir = root(args.buf)
    for name, cmd in pairs(servers) do
      local key = name .. ' ' .. dir
      clients[key] = clients[key] or vim.lsp.start_client({ name = name, cmd = cmd, root_dir = dir })
      vim.lsp.buf_attach_client(args.buf, clients[key])
    end
  end,
})

-- The test's warplint (the built one, with its options); not in the doc.
if os.getenv('WARPLINT_LSP') then
  servers.warplint = vim.split(os.getenv('WARPLINT_LSP'), ' ')
end
