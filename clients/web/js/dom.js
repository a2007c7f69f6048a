// Tiny DOM helpers: h() for HTML elements, s() for SVG elements.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children, isSvg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) {
        if (name.startsWith("--")) el.style.setProperty(name, v);
        else el.style[name] = v;
      }
    }
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "testid") el.setAttribute("data-testid", value);
    else if (!isSvg && (key === "value" || key === "checked" || key === "disabled")) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** h("div", {class: "x", testid: "y", onClick: f}, ...children) */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

/** s("rect", {x: 1, y: 2}, ...children): an SVG element. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast ${kind}`, role: "alert", testid: `toast-${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), 6000);
}
