/** Query keys of the dashboard (one root for the roll-up reads, one for the boards, so each refreshes together). */
export const dashboardKey = ['dashboard'] as const;
export const boardsKey = ['dashboard', 'boards'] as const;
