/*
 * The booking flow inside a client's own page (docs/decisions/025-embedded-booking.md).
 * Put this script after an iframe marked `data-rentacar-embed`:
 *
 *   <iframe src="https://booking.example.com/sakura/custom_page" title="Book a car"
 *           data-rentacar-embed style="width:100%;height:900px;border:0"></iframe>
 *   <script src="https://booking.example.com/embed.js" async></script>
 *
 * The booking pages tell their height (the frame follows it, so the visitor scrolls the client's
 * page only) and each new step (the frame's top is brought into view).
 */
(() => {
  const SOURCE = "rentacar-embed";
  const MAX_HEIGHT = 100000;

  function frameOf(event) {
    for (const frame of document.querySelectorAll("iframe[data-rentacar-embed]")) {
      if (frame.contentWindow === event.source) return frame;
    }
    return null;
  }

  window.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message.source !== SOURCE) return;
    const frame = frameOf(event);
    // Only the booking site the frame was pointed at may resize it.
    if (!frame || new URL(frame.src, location.href).origin !== event.origin) return;
    if (message.type === "height") {
      const height = Number(message.height);
      if (height > 0 && height < MAX_HEIGHT) frame.style.height = `${Math.ceil(height)}px`;
    } else if (message.type === "page") {
      if (frame.getBoundingClientRect().top < 0) frame.scrollIntoView({ block: "start" });
    }
  });
})();
