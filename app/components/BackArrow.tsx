/**
 * The arrow of a "back" link. It points toward the start of the line: left in left-to-right languages, mirrored
 * to the right in right-to-left ones (by CSS, so the server's markup is the same for both).
 */
export function BackArrow() {
  return (
    <span aria-hidden="true" data-back-arrow className="inline-block rtl:-scale-x-100">
      ←
    </span>
  );
}
