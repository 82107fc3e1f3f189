print("report: under construction")
