/** The part of branch-sdk (CommonJS, no types of its own) the referral links and capture use. */
declare module 'branch-sdk' {
  /** A session's link data: `data_parsed` holds the link's fields (user_id, company_id, ~referring_link…). */
  export interface BranchSessionData {
    data: string;
    data_parsed: Record<string, unknown>;
    referring_link: string | null;
  }
  export interface BranchLinkData {
    feature?: string;
    campaign?: string;
    channel?: string;
    tags?: string[];
    data: Record<string, unknown>;
  }
  type Callback<T> = (error: Error | null, result: T) => void;
  export interface BranchSdk {
    setAPIUrl(url: string): void;
    init(key: string, options: Record<string, unknown>, callback: Callback<BranchSessionData | null>): void;
    link(data: BranchLinkData, callback: Callback<string | null>): void;
  }
  const branch: BranchSdk;
  export default branch;
}
