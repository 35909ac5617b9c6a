import { type RefObject, useId } from 'react';
import { honeypotField } from 'shared-content/enquiry';

export interface HoneypotProps {
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * A field people never see or reach (off-screen, no tab stop, hidden from screen readers) but form-filling
 * bots do: the enquiry API drops a request that has it filled, answering as if all went well.
 */
export function Honeypot({ inputRef }: HoneypotProps) {
  const id = useId();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input ref={inputRef} id={id} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
