export interface EmailTextProps {
  address: string;
}

/** An e-mail address that may wrap after its "@" on a narrow screen instead of mid-word. */
export function EmailText({ address }: EmailTextProps) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
