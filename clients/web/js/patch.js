// Applies an update's patch to the game view this browser holds (docs/protocol.md, "Updates
// that send what changed"). Each operation is [path, value] (set: an object's key, a list's
// index, or the list's length to append) or [path] (remove the key, or cut the list there).
// Copy on write: the objects along each path are copied, the view held before is unchanged.

export function patched(view, ops) {
  for (const op of ops) view = applied(view, op[0], 0, op);
  return view;
}

function applied(node, path, at, op) {
  if (at === path.length) return op[1];
  const step = path[at];
  const copy = Array.isArray(node) ? node.slice() : { ...node };
  if (at + 1 < path.length) copy[step] = applied(node[step], path, at + 1, op);
  else if (op.length === 1 && Array.isArray(copy)) copy.length = step;
  else if (op.length === 1) delete copy[step];
  else copy[step] = op[1];
  return copy;
}
