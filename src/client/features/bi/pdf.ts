/**
 * The chart as a landscape A4 PDF (spec section 9): html2canvas draws the chart's element,
 * jsPDF places it under a title. Both load on demand (about 400 kB that only this button needs).
 * The picture goes in as JPEG at twice the screen's scale: sharp when printed, and some
 * 100-200 kB where the raw pixels of a PNG made 6.7 MB (issue 26).
 */
export async function chartPdf(element: HTMLElement, title: string): Promise<Blob> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([
    import("html2canvas"),
    import("jspdf"),
  ]);
  const canvas = await html2canvas(element, { backgroundColor: "#ffffff", scale: 2 });
  const pdf = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4", compress: true });
  const pageWidth = pdf.internal.pageSize.getWidth();
  const pageHeight = pdf.internal.pageSize.getHeight();
  const margin = 12;
  pdf.setFontSize(14);
  pdf.text(title, margin, margin + 4);
  const top = margin + 10;
  const scale = Math.min(
    (pageWidth - 2 * margin) / canvas.width,
    (pageHeight - top - margin) / canvas.height,
  );
  const width = canvas.width * scale;
  const height = canvas.height * scale;
  const jpeg = canvas.toDataURL("image/jpeg", 0.85);
  pdf.addImage(jpeg, "JPEG", (pageWidth - width) / 2, top, width, height, undefined, "FAST");
  return pdf.output("blob");
}
