// A recipient's inbox on a local run: what the Worker's send_email binding sent, as wrangler's local
// explorer keeps it (GET /cdn-cgi/local/explorer/api/local/email/sending, newest first). The
// browser tests read a message the way its addressee would, never from the database.
const SENT = '/cdn-cgi/local/explorer/api/local/email/sending';

interface SentEmail {
  messageId: string;
  to: string[];
  subject: string;
  text?: string;
}

interface ExplorerAnswer<T> {
  result: T;
  result_info?: { cursor?: string; has_more?: boolean };
}

async function explorer<T>(baseUrl: string, query: Record<string, string>): Promise<ExplorerAnswer<T>> {
  const response = await fetch(`${baseUrl}${SENT}?${new URLSearchParams(query)}`);
  if (!response.ok) throw new Error(`The local email explorer answered ${response.status}`);
  return (await response.json()) as ExplorerAnswer<T>;
}

/** Every email sent to `address` whose subject matches, with its text, newest first. */
export async function emailsTo(baseUrl: string, address: string, subject: RegExp): Promise<SentEmail[]> {
  const matching: SentEmail[] = [];
  let cursor: string | undefined;
  do {
    const page = await explorer<SentEmail[]>(baseUrl, { per_page: '100', ...(cursor ? { cursor } : {}) });
    matching.push(
      ...page.result.filter((email) => email.to.some((to) => to.includes(address)) && subject.test(email.subject)),
    );
    cursor = page.result_info?.has_more ? page.result_info.cursor : undefined;
  } while (cursor);
  return Promise.all(
    matching.map(async (email) => (await explorer<SentEmail>(baseUrl, { email_id: email.messageId })).result),
  );
}
