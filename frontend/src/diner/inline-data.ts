// Data the server drew into the page as `<script type="application/json" id="...">` (the menu, the diner's order):
// read without a request. A missing or broken script is no data, never an error: the page then asks the server.
export function readInlineJson(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
