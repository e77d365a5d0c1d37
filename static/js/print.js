// Print sheets: the "Print" button opens the browser's print dialog (no inline handler: CSP).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
