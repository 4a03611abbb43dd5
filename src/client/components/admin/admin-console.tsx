import { AuditLogPanel } from './audit-log-panel';
import { TeamsPanel } from './teams-panel';
import { UsersPanel } from './users-panel';

/** The console's panels, for admins only: loaded apart so no one else downloads them. */
export default function AdminConsole() {
  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UsersPanel />
        <TeamsPanel />
      </div>
      <AuditLogPanel />
    </div>
  );
}
